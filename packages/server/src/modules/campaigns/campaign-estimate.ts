import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { whatsapps } from '../../db/schema/index.js';
import { readCampaignSettings, type CampaignSettings } from './campaign-settings.js';
import type { Campaign } from '@balcao/contracts';

type Pacing = Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>;

/**
 * Seconds `left` sends take at the pacing (automation/campaigns/campaign-pace.ts): each send waits
 * `messageInterval` plus 25 % on average (its random 0–50 %), every `longerIntervalAfter`-th
 * `greaterInterval` instead. The Cloud API's rate (`perSecond`) bounds it from below.
 */
export function secondsFor(left: number, s: Pacing, perSecond: number | null): number {
  if (left <= 0) return 0;
  const longer = s.longerIntervalAfter > 0 ? Math.floor(left / s.longerIntervalAfter) : 0;
  const paced = (left - longer) * s.messageInterval * 1.25 + longer * s.greaterInterval;
  return Math.ceil(Math.max(paced, perSecond ? left / perSecond : 0));
}

/** A campaign's estimated time to finish from what is left, or null once it finished or was cancelled. */
export async function timeLeftOf(
  tx: Tx,
  c: Pick<Campaign, 'status' | 'whatsappId'>,
  p: { validContacts: number; delivered: number; failed: number },
): Promise<number | null> {
  if (c.status === 'FINALIZADA' || c.status === 'CANCELADA') return null;
  const settings = await readCampaignSettings(tx);
  const [conn] =
    c.whatsappId === null
      ? []
      : await tx
          .select({ provider: whatsapps.provider, mps: whatsapps.messagesPerSecond })
          .from(whatsapps)
          .where(eq(whatsapps.id, c.whatsappId));
  return secondsFor(p.validContacts - p.delivered - p.failed, settings, conn?.provider === 'cloud' ? conn.mps : null);
}

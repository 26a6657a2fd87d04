import { eq, sql } from 'drizzle-orm';
import type { CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { campaigns, whatsapps } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { makeShipping } from './make-shipping.js';

/** A start needs its connection up: a campaign on a disconnected number would only wait (409 ERR_WAPP_NOT_INITIALIZED). */
export async function ensureConnected(tx: Tx, whatsappId: number | null): Promise<void> {
  const [conn] =
    whatsappId === null
      ? []
      : await tx.select({ name: whatsapps.name, status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  if (!conn) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The campaign has no connection');
  if (conn.status !== 'CONNECTED')
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', `The connection ${conn.name} is not connected (${conn.status})`);
}

/**
 * `POST /campaigns/{id}/send-now`: an INATIVA or PROGRAMADA campaign starts now — `scheduledAt` is
 * the database's clock, whatever the browser's — with its shipping rows made in the same
 * transaction, as the runner's start does (else 409 ERR_CAMPAIGN_STATE). Its connection must be
 * up (409 ERR_WAPP_NOT_INITIALIZED naming it).
 */
export function sendCampaignNow(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== 'INATIVA' && before.status !== 'PROGRAMADA')
      throw new AppError('ERR_CAMPAIGN_STATE', 'Only a campaign not started yet can be sent now');
    await ensureConnected(tx, before.whatsappId);
    await makeShipping(tx, before);
    await tx
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', scheduledAt: sql`now()`, nextSendAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    const campaign = await loadCampaignDetail(tx, id);
    events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
    return campaign;
  });
}

wireMatches<Answer<typeof sendCampaignNow>, CampaignDetail>(true);

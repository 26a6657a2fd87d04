import type { CampaignSettings } from '../../modules/campaigns/campaign-settings.js';

/**
 * The wait after the campaign's `n`-th send (1-based), in ms, exactly as the contract says: after
 * every `longerIntervalAfter` sends (when > 0) `greaterInterval`, otherwise `messageInterval` plus
 * a random 0–50 %; 0 means no wait.
 */
export function waitAfter(
  n: number,
  s: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>,
  random = Math.random,
) {
  if (s.longerIntervalAfter > 0 && n % s.longerIntervalAfter === 0) return s.greaterInterval * 1000;
  return Math.round(s.messageInterval * 1000 * (1 + random() * 0.5));
}

/**
 * How many of a campaign's texts may be dispatched and not yet sent at once: about two seconds
 * of the connection's pace on the Cloud API (`messages_per_second`), a few on WhatsApp Web and
 * the sandbox, which go at the campaign's intervals. Keeps a cancel quick and memory flat.
 */
export const windowFor = (provider: string, messagesPerSecond: number) =>
  provider === 'cloud' ? Math.max(1, messagesPerSecond * 2) : 10;

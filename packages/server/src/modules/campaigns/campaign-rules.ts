import { CAMPAIGN_EDIT_LEAD_MS, CAMPAIGN_MESSAGE_KEYS, type CampaignUpdateBody } from '@balcao/contracts';
import { AppError, invalid } from '../../platform/errors.js';
import type { CampaignRow } from './campaign-view.js';

/** Fields a cancelled campaign may still change: its texts (and its name, which sends nothing). */
const CANCELLED_EDITABLE = new Set<string>(['name', ...CAMPAIGN_MESSAGE_KEYS]);

/** Whether the whole form may change: INATIVA, or PROGRAMADA more than an hour before its start. */
export const fullyEditable = (row: Pick<CampaignRow, 'status' | 'scheduledAt'>, now = Date.now()) =>
  row.status === 'INATIVA' ||
  (row.status === 'PROGRAMADA' && row.scheduledAt !== null && row.scheduledAt.getTime() - now > CAMPAIGN_EDIT_LEAD_MS);

const notEditable = () => new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign can no longer be changed');

/** The attachment and the other whole-form changes: refused past the point (409 ERR_CAMPAIGN_NOT_EDITABLE). */
export function ensureFullyEditable(row: Pick<CampaignRow, 'status' | 'scheduledAt'>): void {
  if (!fullyEditable(row)) throw notEditable();
}

/** A time to the minute: the spec's dialog holds the schedule without seconds and sends it back so. */
const minuteOf = (at: Date | null | undefined) => (at ? Math.floor(at.getTime() / 60_000) : null);

/**
 * A `PUT`'s fields against the campaign's state. A CANCELADA campaign changes its name and
 * messages; any other field must come as it is (the web sends the whole form back; the schedule
 * to the minute). Running, finished, or starting within the hour: nothing (409).
 */
export function ensureEditable(
  row: CampaignRow,
  input: CampaignUpdateBody,
  scheduledAt: Date | null | undefined,
): void {
  if (fullyEditable(row)) return;
  if (row.status !== 'CANCELADA') throw notEditable();
  const current: Record<string, unknown> = {
    contactListId: row.contactListId,
    tagListId: row.tagId,
    whatsappId: row.whatsappId,
    fileListId: row.fileListId,
    mediaPath: row.mediaPath,
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || CANCELLED_EDITABLE.has(key)) continue;
    if (key === 'scheduledAt') {
      if (minuteOf(scheduledAt) !== minuteOf(row.scheduledAt)) throw notEditable();
    } else if ((value ?? null) !== (current[key] ?? null)) throw notEditable();
  }
}

/**
 * A campaign sends one of its non-empty variants: at least one must have text (400 on message1),
 * unless it sends a template.
 */
export function ensureSomeMessage(
  messages: Partial<Record<(typeof CAMPAIGN_MESSAGE_KEYS)[number], string>> & { templateName?: string | null },
): void {
  if (messages.templateName) return;
  if (!CAMPAIGN_MESSAGE_KEYS.some((k) => (messages[k] ?? '').trim() !== ''))
    throw invalid({ message1: 'required' }, 'At least one message needs text');
}

/** The status a scheduled time gives: set → PROGRAMADA (a past time starts at the next pass), none → INATIVA. */
export const statusFor = (scheduledAt: Date | null) => (scheduledAt ? 'PROGRAMADA' : 'INATIVA');

import { CAMPAIGN_MESSAGE_KEYS } from '@balcao/contracts';
import { messageVariables } from '../messages/message-variables.js';
import type { CampaignRow } from './campaign-view.js';

/** The variants with text, as (1-based variant, text). */
export const variantsOf = (c: CampaignRow) =>
  CAMPAIGN_MESSAGE_KEYS.map((k, i) => ({ variant: i + 1, text: c[k] })).filter((v) => v.text.trim() !== '');

export interface Recipient {
  name: string;
  email: string;
  number: string;
  ticketId: number;
}

/**
 * A variant's text for one recipient: `{{name}}`, `{{firstName}}`, `{{email}}`, `{{number}}`, the
 * usual message variables (`{{ms}}`, `{{protocol}}`, `{{date}}`, `{{hora}}`), and the settings'
 * own `{{key}}`s; a custom key named like a built-in one does not replace it. Unknown ones stay.
 */
export function campaignText(
  template: string,
  r: Recipient,
  custom: ReadonlyArray<{ key: string; value: string }>,
  timeZone: string,
  now: Date,
): string {
  if (!template.includes('{{')) return template;
  const values = new Map(custom.map((v) => [v.key, v.value]));
  const builtIn = messageVariables({ contactName: r.name, ticketId: r.ticketId, timeZone, now });
  for (const [k, v] of Object.entries({ ...builtIn, email: r.email, number: r.number })) values.set(k, v);
  return template.replace(/\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}/gu, (whole, key: string) => values.get(key) ?? whole);
}

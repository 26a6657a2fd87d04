import { randomBytes } from 'node:crypto';
import { signBody } from '../../src/channels/cloud/signature.js';

/** Builders of Meta webhook deliveries (`object: whatsapp_business_account`), as Meta sends them. */
export const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;
export const nowSeconds = () => String(Math.floor(Date.now() / 1000));

export interface ChangeValue {
  contacts?: { profile: { name: string }; wa_id: string }[];
  messages?: Record<string, unknown>[];
  statuses?: Record<string, unknown>[];
}

export const change = (phoneNumberId: string, value: ChangeValue) => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
    ...value,
  },
});

export const entry = (...changes: ReturnType<typeof change>[]) => ({ id: '102290129340398', changes });
export const delivery = (...entries: ReturnType<typeof entry>[]) => ({
  object: 'whatsapp_business_account',
  entry: entries,
});

export const profile = (waId: string, name: string) => ({ profile: { name }, wa_id: waId });

export const text = (from: string, body: string, id = wamid()) => ({
  from,
  id,
  timestamp: nowSeconds(),
  type: 'text',
  text: { body },
});

export const status = (
  id: string,
  value: 'sent' | 'delivered' | 'read' | 'failed',
  recipient: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  status: value,
  timestamp: nowSeconds(),
  recipient_id: recipient,
  ...extra,
});

/** POSTs a delivery to the connection's webhook, signed with `appSecret` (unsigned when null). */
export async function postDelivery(
  baseUrl: string,
  connectionId: number,
  payload: unknown,
  appSecret: string | null,
  opts: { signature?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = opts.signature ?? (appSecret === null ? undefined : signBody(raw, appSecret));
  if (signature !== undefined) headers['x-hub-signature-256'] = signature;
  const res = await fetch(`${baseUrl}/api/webhooks/whatsapp/${connectionId}`, { method: 'POST', headers, body: raw });
  const textBody = await res.text();
  let body: unknown = textBody;
  try {
    body = JSON.parse(textBody);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

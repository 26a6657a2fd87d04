import { createHmac } from 'node:crypto';

/**
 * The signature of a webhook / n8n delivery (contracts' WEBHOOK_HEADERS): `sha256=` and the hex
 * HMAC-SHA256, keyed with the integration's signing secret, of `{timestamp}.{body}` — the
 * timestamp (unix seconds, `X-Balcao-Timestamp`) signed with the body, so a receiver can refuse
 * an old delivery replayed.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

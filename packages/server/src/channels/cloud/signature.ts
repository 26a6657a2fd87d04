import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs every webhook delivery: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * request body, keyed with the app secret>`. The check runs on the bytes as received, before any
 * parsing, and compares in constant time.
 */
export function signBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function validSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string | null | undefined,
): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

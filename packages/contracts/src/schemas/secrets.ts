/**
 * Secrets the API stores but never answers in full (a prompt's API key, a Dialogflow service
 * account's private key): answers carry `maskSecret(value)`, and a write that sends the masked
 * text back (a form saved without retyping the key) keeps the stored secret.
 */
export const SECRET_MASK = '••••';

/**
 * The mask and, for a long enough secret, its last 4 characters (enough to tell two keys apart;
 * a short secret shows none of itself).
 */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= 16 ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK;
}

/** Whether a written value is a mask sent back (keep the stored secret) rather than a new secret. */
export const isMaskedSecret = (value: string) => value.startsWith(SECRET_MASK);

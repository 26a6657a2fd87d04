import { DisconnectReason } from '@whiskeysockets/baileys';

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export type CloseDecision =
  | { action: 'reconnect'; delayMs: number; status: 'PAIRING' | 'OPENING' | 'TIMEOUT' }
  | { action: 'disconnect'; clearAuth: boolean; reason: string };

/** The wait before reconnection attempt `attempt` (1, 2, …): doubling from `initialMs`, capped at `maxMs`. */
export function backoffDelay(attempt: number, b: Backoff): number {
  return Math.min(b.maxMs, b.initialMs * 2 ** Math.max(0, attempt - 1));
}

/** Statuses that end the pairing for good: the phone removed us, the account is barred, or it cannot be a companion. */
const FINAL = new Set<number>([
  DisconnectReason.loggedOut,
  DisconnectReason.forbidden,
  DisconnectReason.multideviceMismatch,
]);

/**
 * What to do when WhatsApp closes the socket (a close we asked for never gets here).
 * - logged out (401), forbidden (403), multi-device mismatch (411): forget the pairing, DISCONNECTED;
 * - restart required (515), which WhatsApp demands right after a pairing: reconnect at once;
 * - timed out (408) before pairing: the QR codes or the pairing code ran out, DISCONNECTED;
 * - anything else (lost connection, replaced, bad session, server unavailable): reconnect with
 *   backoff, OPENING; TIMEOUT when the connection timed out or the backoff reached its cap.
 */
export function decideOnClose(
  code: number | undefined,
  s: { paired: boolean; pairing: boolean; attempt: number },
  backoff: Backoff,
): CloseDecision {
  if (code !== undefined && FINAL.has(code)) return { action: 'disconnect', clearAuth: true, reason: `closed ${code}` };
  if (code === DisconnectReason.restartRequired) {
    return { action: 'reconnect', delayMs: 0, status: s.pairing ? 'PAIRING' : 'OPENING' };
  }
  if (code === DisconnectReason.timedOut && !s.paired) {
    return { action: 'disconnect', clearAuth: true, reason: 'pairing timed out' };
  }
  const delayMs = backoffDelay(s.attempt, backoff);
  const status = code === DisconnectReason.timedOut || delayMs >= backoff.maxMs ? 'TIMEOUT' : 'OPENING';
  return { action: 'reconnect', delayMs, status };
}

/** The status code of the error Baileys closes with (a Boom carries it in `output.statusCode`). */
export function closeCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

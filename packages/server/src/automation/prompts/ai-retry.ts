import { AiCallError } from './openai-client.js';

/**
 * How a failing AI call is tried again before the customer goes to attendants: 3 attempts in
 * all, 0.5 s then 1 s apart, or what the endpoint's `Retry-After` asks, up to 10 s. Only
 * failures worth another try (`kind: 'retry'`) are; a refused key or request fails at once.
 * Bounded so a turn (a transcription and a completion, each timing out at OPENAI_TIMEOUT_MS)
 * ends well within its lease (prompt-lease.ts).
 */
export const AI_ATTEMPTS = 3;
export const AI_BACKOFF_MS = 500;
export const AI_MAX_WAIT_MS = 10_000;

export async function withRetries<T>(
  fn: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof AiCallError) || err.kind !== 'retry' || attempt >= AI_ATTEMPTS) throw err;
      await sleep(Math.min(err.retryAfterMs ?? AI_BACKOFF_MS * 2 ** (attempt - 1), AI_MAX_WAIT_MS));
    }
  }
}

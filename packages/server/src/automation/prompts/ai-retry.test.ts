import { describe, expect, it } from 'vitest';
import { AI_ATTEMPTS, AI_MAX_WAIT_MS, withRetries } from './ai-retry.js';
import { AiCallError, retryAfterMs } from './openai-client.js';

/** `fn` failing with `errors` in turn, then answering 'ok'; the waits it was made to take. */
function run(errors: Error[]) {
  const waits: number[] = [];
  let calls = 0;
  const promise = withRetries(
    async () => {
      const err = errors[calls++];
      if (err) throw err;
      return 'ok';
    },
    async (ms) => void waits.push(ms),
  );
  return { promise, waits, calls: () => calls };
}

const retry = (retryAfter?: number) => new AiCallError('500', 'retry', 500, retryAfter);

describe('AI calls tried again', () => {
  it('retryable failures: back-off 0.5 s then 1 s, then the answer', async () => {
    const r = run([retry(), retry()]);
    await expect(r.promise).resolves.toBe('ok');
    expect(r.waits).toEqual([500, 1000]);
  });

  it('Retry-After is honoured, up to the bound', async () => {
    const r = run([retry(3000), retry(60_000)]);
    await expect(r.promise).resolves.toBe('ok');
    expect(r.waits).toEqual([3000, AI_MAX_WAIT_MS]);
  });

  it(`gives up after ${AI_ATTEMPTS} attempts`, async () => {
    const r = run([retry(), retry(), retry(), retry()]);
    await expect(r.promise).rejects.toThrow('500');
    expect(r.calls()).toBe(AI_ATTEMPTS);
  });

  it('a refused key or request is not tried again', async () => {
    for (const kind of ['auth', 'refused'] as const) {
      const r = run([new AiCallError('401', kind, 401)]);
      await expect(r.promise).rejects.toThrow('401');
      expect(r.calls()).toBe(1);
    }
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

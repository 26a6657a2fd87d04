import { describe, expect, it } from 'vitest';
import { Batch } from './outbox-batch.js';

/** A batch whose writes are recorded, each answering its items doubled. */
function recorded(opts: { delayMs: number; maxItems: number }) {
  const writes: { items: number[]; at: number }[] = [];
  const batch = new Batch<number, number>(async (items) => {
    writes.push({ items, at: performance.now() });
    await new Promise((r) => setTimeout(r, 5));
    return items.map((i) => i * 2);
  }, opts);
  return { batch, writes };
}

describe('Batch', () => {
  it('writes a lone item at once, without waiting for the delay', async () => {
    const { batch, writes } = recorded({ delayMs: 1_000, maxItems: 10 });
    const t0 = performance.now();
    expect(await batch.add(21)).toBe(42);
    expect(writes).toEqual([{ items: [21], at: expect.any(Number) }]);
    expect(writes[0]!.at - t0).toBeLessThan(500);
  });

  it('gathers what arrives while writes are recent into one statement after the delay', async () => {
    const { batch, writes } = recorded({ delayMs: 50, maxItems: 10 });
    const first = batch.add(1); // idle: written on the next turn
    await new Promise((r) => setImmediate(r));
    const rest = [batch.add(2), batch.add(3), batch.add(4)];
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3, 4]]);
    // The second write waited for the delay from the first.
    expect(writes[1]!.at - writes[0]!.at).toBeGreaterThanOrEqual(45);
  });

  it('writes at once when maxItems are waiting, and after a quiet spell again at once', async () => {
    const { batch, writes } = recorded({ delayMs: 40, maxItems: 2 });
    await batch.add(1);
    const full = [batch.add(2), batch.add(3)];
    await Promise.all(full);
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3]]);
    expect(writes[1]!.at - writes[0]!.at).toBeLessThan(40);
    await new Promise((r) => setTimeout(r, 60));
    const t = performance.now();
    await batch.add(9);
    expect(writes.at(-1)!.items).toEqual([9]);
    expect(writes.at(-1)!.at - t).toBeLessThan(30);
  });
});

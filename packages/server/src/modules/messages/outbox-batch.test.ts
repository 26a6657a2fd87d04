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
  it('gathers what is added within the delay into one write, each adder getting its own result', async () => {
    const { batch, writes } = recorded({ delayMs: 30, maxItems: 10 });
    const t0 = performance.now();
    expect(await Promise.all([batch.add(1), batch.add(2), batch.add(3)])).toEqual([2, 4, 6]);
    expect(writes.map((w) => w.items)).toEqual([[1, 2, 3]]);
    expect(writes[0]!.at - t0).toBeGreaterThanOrEqual(25);
  });

  it('writes at once with maxItems waiting', async () => {
    const { batch, writes } = recorded({ delayMs: 1_000, maxItems: 2 });
    const t0 = performance.now();
    await Promise.all([batch.add(1), batch.add(2)]);
    expect(writes.map((w) => w.items)).toEqual([[1, 2]]);
    expect(writes[0]!.at - t0).toBeLessThan(500);
  });

  it('flush writes a lone item now instead of after the delay (the outbox’s lone send)', async () => {
    const { batch, writes } = recorded({ delayMs: 1_000, maxItems: 10 });
    const t0 = performance.now();
    const result = batch.add(21);
    await batch.flush();
    expect(await result).toBe(42);
    expect(writes).toEqual([{ items: [21], at: expect.any(Number) }]);
    expect(writes[0]!.at - t0).toBeLessThan(500);
  });
});

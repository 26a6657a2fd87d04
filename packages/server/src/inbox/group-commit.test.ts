import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A store whose batches finish when the test says so, recording what each batch held. */
function slowStore() {
  const batches: { companyId: number; items: string[]; finish(fail?: Error): void }[] = [];
  const store = (companyId: number, items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        companyId,
        items,
        finish: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `stored ${i}`))),
      });
    });
  return { batches, store };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('stores a lone delivery at once; those arriving meanwhile wait and go together in the next batch', async () => {
    const { batches, store } = slowStore();
    const group = new GroupCommit(store, { maxItems: 100, parallel: 1 });
    const a = group.submit(1, ['a1', 'a2']);
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['a1', 'a2']]);
    const b = group.submit(1, ['b1']);
    const c = group.submit(1, ['c1', 'c2']);
    await tick();
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    expect(await a).toEqual(['stored a1', 'stored a2']);
    await tick();
    expect(batches.map((x) => x.items)).toEqual([
      ['a1', 'a2'],
      ['b1', 'c1', 'c2'],
    ]);
    batches[1]!.finish();
    // Each caller gets its own results, in its own order.
    expect(await b).toEqual(['stored b1']);
    expect(await c).toEqual(['stored c1', 'stored c2']);
    expect(group.load).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps companies apart, bounds a batch by maxItems and runs `parallel` batches at once', async () => {
    const { batches, store } = slowStore();
    const group = new GroupCommit(store, { maxItems: 3, parallel: 2 });
    const results = [
      group.submit(1, ['x1', 'x2']),
      group.submit(2, ['y1']),
      group.submit(1, ['x3']),
      group.submit(1, ['x4', 'x5']),
      group.submit(1, ['x6']),
    ];
    await tick();
    // Company 1: two batches at once (the first alone, the next up to 3 items); company 2 its own.
    expect(batches.map((b) => [b.companyId, b.items])).toEqual([
      [1, ['x1', 'x2']],
      [2, ['y1']],
      [1, ['x3']],
    ]);
    batches[0]!.finish();
    await tick();
    expect(batches.at(-1)!.items).toEqual(['x4', 'x5', 'x6']);
    for (const b of batches.slice(1)) b.finish();
    expect(await Promise.all(results)).toEqual([
      ['stored x1', 'stored x2'],
      ['stored y1'],
      ['stored x3'],
      ['stored x4', 'stored x5'],
      ['stored x6'],
    ]);
  });

  it('holds each company to one batch at a time while `crowd` batches run in all', async () => {
    const { batches, store } = slowStore();
    const group = new GroupCommit(store, { maxItems: 100, parallel: 2, crowd: 2 });
    const results = [group.submit(1, ['x1']), group.submit(2, ['y1']), group.submit(1, ['x2']), group.submit(1, ['x3'])];
    await tick();
    // Two batches run (one per company): company 1's next ones wait, together, for its first.
    expect(batches.map((b) => [b.companyId, b.items])).toEqual([
      [1, ['x1']],
      [2, ['y1']],
    ]);
    batches[1]!.finish();
    batches[0]!.finish();
    await tick();
    expect(batches.slice(2).map((b) => b.items)).toEqual([['x2', 'x3']]);
    // Company 1 is now alone: a second batch may run beside its first.
    const more = group.submit(1, ['x4']);
    await tick();
    expect(batches.slice(3).map((b) => b.items)).toEqual([['x4']]);
    for (const b of batches.slice(2)) b.finish();
    expect(await Promise.all([...results, more])).toEqual([
      ['stored x1'],
      ['stored y1'],
      ['stored x2'],
      ['stored x3'],
      ['stored x4'],
    ]);
  });

  it('a failing combined batch is stored again delivery by delivery: only the bad one fails', async () => {
    const calls: string[][] = [];
    const group = new GroupCommit(
      async (_companyId: number, items: string[]) => {
        calls.push(items);
        if (items.includes('bad')) throw new Error('constraint');
        return items.map((i) => `ok ${i}`);
      },
      { maxItems: 100, parallel: 1 },
    );
    const first = group.submit(1, ['first']);
    const good = group.submit(1, ['good']);
    const bad = group.submit(1, ['bad']);
    expect(await first).toEqual(['ok first']);
    expect(await good).toEqual(['ok good']);
    await expect(bad).rejects.toThrow('constraint');
    expect(calls).toEqual([['first'], ['good', 'bad'], ['good'], ['bad']]);
  });
});

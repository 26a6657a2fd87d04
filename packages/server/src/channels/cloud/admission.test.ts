import { describe, expect, it } from 'vitest';
import { Admission } from './admission.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('webhook admission', () => {
  it('runs up to maxActive at once and the rest in arrival order', async () => {
    const a = new Admission(2, 10_000, 10);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) => a.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(a.load).toEqual({ active: 2, waiting: 2 });
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3].map((value) => ({ admitted: true, value })));
    expect(a.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, and after maxWaitMs in line', async () => {
    const a = new Admission(1, 30, 1);
    const gate = deferred();
    const first = a.run(() => gate.promise);
    const queued = a.run(async () => 'late');
    expect(await a.run(async () => 'x')).toEqual({ admitted: false });
    expect(await queued).toEqual({ admitted: false }); // waited 30 ms, never started
    expect(a.load).toEqual({ active: 1, waiting: 0 });
    gate.resolve();
    await first;
    expect(await a.run(async () => 'next')).toEqual({ admitted: true, value: 'next' });
  });

  it('frees the slot when the work fails', async () => {
    const a = new Admission(1, 1_000, 5);
    await expect(a.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await a.run(async () => 1)).toEqual({ admitted: true, value: 1 });
  });
});

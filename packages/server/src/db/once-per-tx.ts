import type { Tx } from './client.js';

const reads = new WeakMap<Tx, Map<string, Promise<unknown>>>();

/**
 * `read` run once per transaction under `key`: the later calls of the same transaction get its
 * answer. Only for rows the transaction itself does not write (a connection's texts, a setting,
 * read by ticket transitions), so a bulk's chunk of tickets reads them once, and one ticket's
 * steps do not read them twice. The cache goes with the transaction object.
 */
export function oncePerTx<T>(tx: Tx, key: string, read: () => Promise<T>): Promise<T> {
  let known = reads.get(tx);
  if (!known) reads.set(tx, (known = new Map()));
  let answer = known.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    known.set(key, answer);
    // A failed read is not remembered (the transaction is then rolling back anyway).
    answer.catch(() => known.delete(key));
  }
  return answer;
}

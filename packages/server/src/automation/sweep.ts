import type { Deps, Uow } from '../platform/context.js';
import { runPlatform } from '../platform/context.js';

export interface SweepOptions {
  /** Tickets per transaction. */
  batchSize?: number;
  /** A pass stops after this many batches; the next minute's pass goes on. */
  maxBatches?: number;
}

export type SweepBatch = (uow: Uow, size: number) => Promise<number>;

/**
 * A time rule's pass across every company: batches of due tickets, each batch one platform
 * transaction (the named unscoped path; the rule reads every tenant's connections) whose events
 * are published after its commit, and whose connections' outboxes are kicked then. Stops at the
 * first short batch. Due tickets are locked with SKIP LOCKED, so two passes (two processes, or a
 * pass meeting an agent's edit) never wait on each other or act twice on one ticket.
 */
export async function sweep(deps: Deps, batch: SweepBatch, opts: SweepOptions = {}): Promise<number> {
  const size = opts.batchSize ?? 500;
  const maxBatches = opts.maxBatches ?? 200;
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await runPlatform(deps, (_tx, _events, uow) => batch(uow, size));
    total += n;
    if (n < size) break;
  }
  return total;
}

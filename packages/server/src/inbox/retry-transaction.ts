import type { Deps, Work } from '../platform/context.js';
import { runTenant } from '../platform/context.js';

/** A deadlock or serialization failure undoes the whole transaction: it is simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * `runTenant` for set-based writes touching many rows (batches of messages, tickets, acks): their
 * lock order is kept sorted, but a row lock taken by a plan's own order (an UPDATE … FROM) can
 * still meet a concurrent writer's; PostgreSQL then aborts one of them, which is run again.
 */
export async function runTenantRetrying<T>(deps: Deps, companyId: number, what: string, fn: Work<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTenant(deps, companyId, fn);
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      const code = e.cause?.code ?? e.code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw err;
      deps.log.warn({ companyId, code, attempt }, `${what}: transaction run again`);
    }
  }
}

import type { Deps } from './context.js';
import type { RealtimeHub } from './realtime.js';
import type { SweepSpec } from './sweeps.js';
import { expiredCompanies } from './subscription.js';

/**
 * Closes this process's sockets of companies whose subscription stopped running since they
 * connected (a due date passing; an edit closes them at once through `subscriptionEndedEvent`).
 * One read of the companies this process holds sockets of, none when it holds none.
 */
export async function closeExpiredSockets(deps: Deps, hub: RealtimeHub): Promise<{ closed: number }> {
  const held = hub.localCompanies();
  if (held.length === 0) return { closed: 0 };
  return { closed: hub.closeLocally(await expiredCompanies(deps.pools.platformDb, held)) };
}

/** The sockets' expiry sweep, in every process (platform/sweeps.ts), every `everyMs` (EXPIRY_SWEEP_MS). */
export const expirySweeps = (hub: RealtimeHub, everyMs: number): SweepSpec<Deps>[] => [
  { name: 'expired sockets', everyMs, pass: (deps) => closeExpiredSockets(deps, hub) },
];

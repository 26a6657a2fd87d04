import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runPlatform, runTenant } from '../platform/context.js';
import type { SweepSpec } from '../platform/sweeps.js';
import { markIdleAway } from '../modules/users/presence.js';
import { assignWaitingAndTell } from '../modules/tickets/auto-assign.js';

/** How often idle users are turned away and waiting tickets offered again: `away` shows at most this late. */
export const PRESENCE_SWEEP_MS = 15_000;

/**
 * One pass: online users idle past the threshold become away (their companies hear it); then the
 * safety net of automatic assignment — a company whose autoAssign queue has a waiting ticket while
 * a member is connected gets `assignWaiting` (a ticket that waited through a return, an expiry's
 * close, a handover or a missed trigger; the triggers themselves act at once).
 */
export async function sweepPresence(deps: Deps): Promise<{ away: number; assigned: number }> {
  const { away, companyIds } = await runPlatform(deps, async (_tx, _events, uow) => {
    const away = await markIdleAway(uow);
    const { rows } = await uow.tx.execute<{ company_id: number }>(sql`
      select distinct q.company_id from queues q
      where q.auto_assign
        and exists (select 1 from tickets t where t.queue_id = q.id and t.status = 'pending' and t.user_id is null and not t.is_group)
        and exists (select 1 from user_queues uq join users u on u.id = uq.user_id
                    where uq.queue_id = q.id and u.presence <> 'offline')`);
    return { away, companyIds: rows.map((r) => r.company_id) };
  });
  let assigned = 0;
  for (const companyId of companyIds)
    assigned += await runTenant(deps, companyId, (_tx, _events, uow) => assignWaitingAndTell(uow, companyId));
  return { away, assigned };
}

export const presenceSweeps: SweepSpec<Deps>[] = [{ name: 'presence', everyMs: PRESENCE_SWEEP_MS, pass: sweepPresence }];

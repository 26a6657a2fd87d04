import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import type { SweepSpec } from '../../platform/sweeps.js';
import { runFlowTime, type DueRun } from './advance-flow.js';

/** Due runs read per pass, and how many of them go on at once (each its own transaction). */
const BATCH = 500;
const AT_ONCE = 4;

/**
 * One pass: the runs whose interval has ended (`waiting = 'time' and wait_until <= now()`, by the
 * partial index), read across companies on the platform path, each then moved on in its company's
 * transaction (`runFlowTime`: the ticket taken with SKIP LOCKED, the run only if still at the
 * step read). Every process sweeps; two passes never move a run twice, and what fell due while no
 * process ran goes at the first pass after a restart.
 */
export async function sweepFlowWaits(deps: Deps): Promise<{ moved: number; busy: number }> {
  const due = await runPlatform(deps, async (tx) => {
    const { rows } = await tx.execute<{ id: number; company_id: number; ticket_id: number; step: number }>(sql`
      select id, company_id, ticket_id, step from flow_runs
      where status = 'waiting' and waiting = 'time' and wait_until <= now()
      order by wait_until limit ${BATCH}`);
    return rows.map((r): DueRun => ({ id: r.id, companyId: r.company_id, ticketId: r.ticket_id, step: r.step }));
  });
  let moved = 0;
  let busy = 0;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const run = due[next++]!;
      try {
        const did = await runFlowTime(deps, run);
        if (did === 'done') moved++;
        else if (did === 'busy') busy++;
      } catch (err) {
        deps.log.error({ err, runId: run.id }, 'flow wait: step failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, due.length) }, worker));
  return { moved, busy };
}

/** The flows' interval sweep, in every process (platform/sweeps.ts), every `everyMs` (FLOW_SWEEP_MS). */
export const flowSweeps = (everyMs: number): SweepSpec<Deps>[] => [
  { name: 'flow waits', everyMs, pass: sweepFlowWaits },
];

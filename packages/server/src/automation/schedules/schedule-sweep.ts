import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform, runTenant } from '../../platform/context.js';
import { expiredCompanies } from '../../platform/subscription.js';
import type { SweepSpec } from '../../platform/sweeps.js';
import { sendDueSchedules } from './send-due-schedules.js';
import { settleSchedules } from './settle-schedules.js';

/** How often a process looks for due schedules: a schedule leaves at most this late (plus the send). */
export const SCHEDULE_SWEEP_MS = 5_000;
/** Schedules dispatched per transaction; a company with more due goes on in the next one. */
const BATCH = 100;

/**
 * One pass: the companies with schedules due (or dispatched and waiting for their message's fate),
 * read on the platform path; then, per company, one tenant transaction at a time that dispatches
 * its due schedules (`sendDueSchedules`) and settles the dispatched ones (`settleSchedules`); the
 * connections' outboxes are kicked after each commit.
 */
export async function sweepSchedules(deps: Deps): Promise<{ sent: number; settled: number }> {
  const { companyIds, expired } = await runPlatform(deps, async (tx) => {
    const { rows } = await tx.execute<{ company_id: number }>(sql`
      select distinct company_id from schedules where dispatched_at is null and send_at <= now()
      union
      select distinct company_id from schedules where dispatched_at is not null and status = 'PENDENTE'`);
    const companyIds = rows.map((r) => r.company_id);
    return { companyIds, expired: await expiredCompanies(tx, companyIds) };
  });
  let sent = 0;
  let settled = 0;
  for (const companyId of companyIds) {
    // An expired company's schedules wait, still PENDENTE (platform/subscription.ts), and go once it pays.
    while (!expired.has(companyId)) {
      const n = await runTenant(deps, companyId, (_tx, _events, uow) => sendDueSchedules(uow, companyId, BATCH));
      sent += n;
      if (n < BATCH) break;
    }
    settled += await runTenant(deps, companyId, (tx, events) => settleSchedules(tx, events, companyId));
  }
  return { sent, settled };
}

/**
 * The schedules' sweep, in every process (platform/sweeps.ts): a pass at start sends what fell
 * due while no process ran, once; then every 5 s. pg-boss's cron fires once a minute, too coarse
 * for "at most 30 s late".
 */
export const scheduleSweeps: SweepSpec<Deps>[] = [
  { name: 'schedules', everyMs: SCHEDULE_SWEEP_MS, pass: sweepSchedules },
];

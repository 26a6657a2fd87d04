import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type Deps, runPlatform } from '../../platform/context.js';
import { defineJob, handleJob } from '../../platform/jobs.js';

/** Deltas per transaction: a backlog (a bulk change, a deleted user's cycles) is folded in steps. */
const FOLD_BATCH = 20_000;

/**
 * Moves the attendance deltas (what the trigger on ticket_tracking recorded) into the summary,
 * across companies (the named unscoped path), in batches; each batch is one statement
 * (`attendance_fold`, migration 0044): what it deletes is what it adds, so nothing is lost or
 * counted twice whatever else runs. The report reads the deltas not folded yet, so the fold
 * only keeps that part small. Returns how many deltas it moved.
 */
export async function foldAttendance(deps: Deps, batch = FOLD_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await runPlatform(deps, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(sql`select attendance_fold(${batch}) as n`);
      return rows[0]!.n;
    });
    total += moved;
    if (moved < batch) return total;
  }
}

export const foldAttendanceJobDef = defineJob({
  name: 'attendance-fold',
  version: 1,
  schema: z.object({ companyId: z.null() }),
  retryLimit: 0,
  cron: { expression: '* * * * *', payload: { companyId: null } },
});

export const reportJobs = [
  handleJob({
    spec: foldAttendanceJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: Deps }) => {
      const folded = await foldAttendance(deps);
      if (folded > 0) log.debug({ folded }, 'attendance deltas folded');
    },
  }),
];

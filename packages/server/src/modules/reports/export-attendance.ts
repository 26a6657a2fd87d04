import { csvText, type AttendanceReportQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { attendanceOf } from './read-attendance.js';

/**
 * `GET /reports/attendance.csv` (the same query): the figures `/reports/attendance` answers as
 * one CSV file in the product's form (contracts' csv.ts): the range, the totals
 * (`figure;count;p50Seconds;p90Seconds;average`), a blank line, then one row per attendant and
 * one per queue (`kind;id;name;tickets;firstResponseP50Seconds;resolutionP50Seconds;csatAverage`).
 * Keys are the contract's names; a figure with nothing measured is an empty cell.
 */
export function exportAttendance(ctx: Ctx, q: AttendanceReportQuery) {
  return ctx.tenant(async (tx) => {
    const r = await attendanceOf(tx, ctx.actor.companyId, q);
    const row = (kind: string, id: number, g: (typeof r.byUser)[number] | (typeof r.byQueue)[number]) => [
      kind,
      id,
      g.name,
      g.tickets,
      g.firstResponseP50Seconds,
      g.resolutionP50Seconds,
      g.csatAverage,
    ];
    const text = csvText([
      ['from', q.from],
      ['to', q.to],
      [],
      ['figure', 'count', 'p50Seconds', 'p90Seconds', 'average'],
      ['firstResponse', r.firstResponse.count, r.firstResponse.p50Seconds, r.firstResponse.p90Seconds, null],
      ['resolution', r.resolution.count, r.resolution.p50Seconds, r.resolution.p90Seconds, null],
      ['csat', r.csat.count, null, null, r.csat.average],
      [],
      ['kind', 'id', 'name', 'tickets', 'firstResponseP50Seconds', 'resolutionP50Seconds', 'csatAverage'],
      ...r.byUser.map((u) => row('user', u.userId, u)),
      ...r.byQueue.map((g) => row('queue', g.queueId, g)),
    ]);
    return { fileName: `attendance_${q.from}_${q.to}.csv`, text };
  });
}

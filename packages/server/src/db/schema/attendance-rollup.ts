import { bigint, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * The attendance report's summary (modules/reports/attendance-rollup.ts): histograms of the
 * cycles' durations and ratings, per UTC period and group, so a year reads thousands of rows
 * instead of a million cycles. `metric` 1 first response, 2 resolution (`bucket` the duration's
 * key: seconds under a minute, whole minutes above), 3 rating (`bucket` the rating). `period` is
 * the first day of a 7-day part of a UTC month (days 1, 8, 15, 22, 29: `level` 0), of the UTC
 * month (1) or of the quarter (2), all three kept: a year reads a few quarters and months.
 * `dims` says what `g1`/`g2` hold (0 stands for none):
 * 0 the company (0, 0), 1 per attendant (0, user), 2 per queue (0, queue), 3 attendants within a
 * queue (queue, user), 4 queues within an attendant (user, queue).
 */
export const attendanceRollup = pgTable(
  'attendance_rollup',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    metric: smallint('metric').notNull(),
    level: smallint('level').notNull(),
    dims: smallint('dims').notNull(),
    g1: integer('g1').notNull(),
    period: date('period').notNull(),
    g2: integer('g2').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.metric, t.level, t.dims, t.g1, t.period, t.g2, t.bucket] })],
);

/**
 * What changed in `ticket_tracking` and is not in the summary yet: one row per (cycle's cell,
 * ±1), inserted by its trigger (never updated, so writers take no shared row lock) and moved into
 * `attendance_rollup` by the fold job. `period` is the 7-day part; `user_id`/`queue_id` 0 for none.
 */
export const attendanceDeltas = pgTable(
  'attendance_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    metric: smallint('metric').notNull(),
    period: date('period').notNull(),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('attendance_deltas_company_period_idx').on(t.companyId, t.period)],
);

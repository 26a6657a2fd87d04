import { z } from 'zod';
import { numeric } from './common.js';
import { isoDay } from './tickets.js';

/**
 * The admin's dashboard (ARCHITECTURE.md, "Dashboard"): counters over a period, the attendants
 * table and two charts, from the tickets' tracking rows, in the company's time zone.
 */

/** The period filter's choices, in days (today and the days before it). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** A date range covers at most this many days. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Checks a range's order and length; `from`/`to` name the fields. */
function checkRange(from: string | undefined, to: string | undefined, ctx: z.RefinementCtx, fields: [string, string]) {
  if (from === undefined || to === undefined) return;
  const span = daysBetween(from, to);
  if (span < 0) ctx.addIssue({ code: 'custom', path: [fields[1]], message: 'beforeStart' });
  else if (span >= DASHBOARD_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: [fields[1]], message: 'tooLong' });
}

/**
 * `GET /dashboard`: `days` (one of the periods), or `date_from` and `date_to` (both, YYYY-MM-DD,
 * the company's days, both included). Neither → 400 naming `days` (the spec's "select a filter").
 */
export const dashboardQuery = z
  .object({
    days: numeric(z.number().int())
      .refine((d) => (DASHBOARD_PERIODS as readonly number[]).includes(d), 'invalidPeriod')
      .optional(),
    date_from: isoDay.optional(),
    date_to: isoDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.days !== undefined) return;
    if (q.date_from === undefined && q.date_to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'required' });
      return;
    }
    if (q.date_from === undefined) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'required' });
    if (q.date_to === undefined) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'required' });
    checkRange(q.date_from, q.date_to, ctx, ['date_from', 'date_to']);
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * `GET /dashboard/ticketsUsers` and `/dashboard/ticketsDay`: `initialDate`..`finalDate`
 * (YYYY-MM-DD, both included; `companyId` sent by the spec's web is ignored: the caller's company).
 */
export const dashboardChartQuery = z
  .object({
    initialDate: isoDay,
    finalDate: isoDay,
    companyId: z.unknown().optional(),
  })
  .superRefine((q, ctx) => checkRange(q.initialDate, q.finalDate, ctx, ['initialDate', 'finalDate']));
export type DashboardChartQuery = z.infer<typeof dashboardChartQuery>;

/**
 * Definitions (each shown in the page's tooltip): happening = open now; pending = pending now;
 * finished = closed in the period; leads = contacts created in the period; wait = minutes from a
 * ticket's arrival to its acceptance (over the period's accepted tickets); support = acceptance to
 * close (over the period's closed tickets). Averages are minutes, null when nothing was measured.
 */
export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
}

export interface DashboardAttendant {
  id: number;
  name: string;
  /** Average rating 1–3 of the period's rated tickets, null when none. */
  rating: number | null;
  avgSupportTime: number | null;
  /** Connected now (presence). */
  online: boolean;
}

export interface Dashboard {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

/** Tickets per attendant (closed in the range), most first. */
export interface TicketsPerUserRow {
  nome: string;
  quantidade: number;
}

/** Tickets that arrived per day of the range; per hour (`horario`, "HH:00") when the range is one day. */
export type TicketsPerDayRow = { data: string; total: number } | { horario: string; total: number };

export interface DashboardChart<Row> {
  data: Row[];
  count: number;
}

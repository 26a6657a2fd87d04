import { z } from 'zod';
import { numeric } from './common.js';
import { isoDay } from './common.js';
import type { Presence } from './busy-day.js';

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
 * `GET /dashboard` and `GET /dashboard/export` (the same figures as CSV): `days` (one of the
 * periods: today and the `days - 1` days before it, in the company's time zone), or `date_from`
 * and `date_to` (both, YYYY-MM-DD, the company's days, both included); `days` wins when both
 * come. Neither → 400 naming `days` (the spec's "select a filter").
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
  })
  // Valid filters the generated suites start from (a random range rarely meets the rules).
  .meta({ examples: [{ days: 7 }, { date_from: '2025-01-31', date_to: '2025-02-01' }] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * `GET /dashboard/ticketsUsers` and `/dashboard/ticketsDay`: `initialDate`..`finalDate`
 * (YYYY-MM-DD, the company's days, both included). The spec's web also sends `companyId`: like any
 * key the schema does not name it is dropped; the figures are always the caller's company's.
 */
export const dashboardChartQuery = z
  .object({
    initialDate: isoDay,
    finalDate: isoDay,
  })
  .superRefine((q, ctx) => checkRange(q.initialDate, q.finalDate, ctx, ['initialDate', 'finalDate']))
  .meta({ examples: [{ initialDate: '2025-01-31', finalDate: '2025-02-01' }] });
export type DashboardChartQuery = z.infer<typeof dashboardChartQuery>;

/**
 * Definitions (each shown in the page's tooltip), over the attendance cycles of `ticket_tracking`
 * (a ticket reopened starts a new cycle): happening = tickets open now; pending = tickets pending
 * now; finished = closures in the period; leads = contacts created in the period; wait = minutes
 * from a ticket's arrival to its acceptance, over the cycles accepted in the period (a cycle an
 * attendant began themself — a ticket created open, a reopen — had no one waiting and is left
 * out); support = minutes from acceptance to close, over the cycles closed in the period that
 * were accepted. Averages are minutes (one decimal), null when nothing was measured.
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
  /** Average rating 1–3 (two decimals) of the period's rated closures, null when none. */
  rating: number | null;
  avgSupportTime: number | null;
  /** Connected now (presence). */
  online: boolean;
  /** Issue 36: online / away / offline (additive). */
  presence?: Presence;
}

export interface Dashboard {
  /** The period the figures cover, as the company's days (YYYY-MM-DD, both included). */
  period: { from: string; to: string };
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

/** Closures per attendant in the range (their cycles closed), most first; cycles with no user are left out. */
export interface TicketsPerUserRow {
  nome: string;
  quantidade: number;
}

/**
 * Tickets that arrived (were created) per day of the range, every day listed (0 included); per
 * hour (`horario`, "00:00" … "23:00", all 24) when the range is one day.
 */
export type TicketsPerDayRow = { data: string; total: number } | { horario: string; total: number };

/** `count`: the sum of the rows' figures (tickets in the chart). */
export interface DashboardChart<Row> {
  data: Row[];
  count: number;
}

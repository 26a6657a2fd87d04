/**
 * The dashboard's filter (operations §2, §5, §9): a period (none, 3 … 90 days) or a date range.
 * Its rules are the contract's (`dashboardQuery`): the page checks the filter with the same schema
 * the server uses, so "no filter at all" is 'select a filter' here and a 400 there.
 */
import { dashboardQuery, type DashboardQuery } from '@balcao/contracts';

export interface DashboardFilter {
  /** A period in days, or '' (none: the date range applies). */
  days: number | '';
  /** YYYY-MM-DD, or '' when not chosen. */
  from: string;
  to: string;
}

export const INITIAL_FILTER: DashboardFilter = { days: 7, from: '', to: '' };

/** What the page sends: `days`, or the two dates. */
export function filterQuery(f: DashboardFilter): Record<string, string | number | undefined> {
  return f.days !== '' ? { days: f.days } : { date_from: f.from || undefined, date_to: f.to || undefined };
}

/** The translation key of each field's problem, none when the filter can be asked. */
export function filterProblems(f: DashboardFilter): Partial<Record<'days' | 'date_from' | 'date_to', string>> {
  const checked = dashboardQuery.safeParse(filterQuery(f));
  if (checked.success) return {};
  const problems: Partial<Record<'days' | 'date_from' | 'date_to', string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as keyof typeof problems;
    problems[field] ??= problemKey(field, issue.message);
  }
  return problems;
}

function problemKey(field: string, message: string): string {
  if (field === 'days') return 'dashboard.filter.selectFilter';
  if (message === 'beforeStart') return 'validation.endBeforeStart';
  if (message === 'tooLong') return 'dashboard.filter.tooLong';
  if (message === 'required') return 'validation.required';
  return 'dashboard.filter.invalidDate';
}

export const isAskable = (f: DashboardFilter): boolean => Object.keys(filterProblems(f)).length === 0;

/** Typed as the contract's query once checked. */
export const askedQuery = (f: DashboardFilter) =>
  filterQuery(f) as DashboardQuery & Record<string, string | number | undefined>;

/** Minutes as people read them: "< 1 min", "40 min", "2 h 05 min"; "—" when nothing was measured. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 1) return '< 1 min';
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** A day of the charts' axis, YYYY-MM-DD → dd/MM (the spec's date form, without the year). */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** YYYY-MM-DD → dd/MM/yyyy (operations §1). */
export const fullDay = (day: string) => `${shortDay(day)}/${day.slice(0, 4)}`;

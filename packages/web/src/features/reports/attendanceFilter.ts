/**
 * The attendance report's filter: a range of company days (both included, at most 366) and an
 * optional queue and attendant. Checked with the contract's schema (`attendanceReportQuery`), so
 * the page says what the server would refuse before asking.
 */
import { attendanceReportQuery, type AttendanceReportQuery } from '@balcao/contracts';

export interface AttendanceFilter {
  /** YYYY-MM-DD, or '' when not chosen. */
  from: string;
  to: string;
  /** '' = every queue / attendant. */
  queueId: number | '';
  userId: number | '';
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last 30 days, today included (the browser's today: the company's, give or take a zone). */
export function initialFilter(now = new Date()): AttendanceFilter {
  const from = new Date(now);
  from.setDate(now.getDate() - 29);
  return { from: isoDay(from), to: isoDay(now), queueId: '', userId: '' };
}

export const filterQuery = (f: AttendanceFilter) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  queueId: f.queueId === '' ? undefined : f.queueId,
  userId: f.userId === '' ? undefined : f.userId,
});

/** The translation key of each date's problem, none when the filter can be asked. */
export function filterProblems(f: AttendanceFilter): Partial<Record<'from' | 'to', string>> {
  const checked = attendanceReportQuery.safeParse(filterQuery(f));
  if (checked.success) return {};
  const problems: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (field !== 'from' && field !== 'to') continue;
    problems[field] ??=
      issue.message === 'beforeStart'
        ? 'validation.endBeforeStart'
        : issue.message === 'tooLong'
          ? 'dashboard.filter.tooLong'
          : issue.message === 'required' || f[field] === ''
            ? 'validation.required'
            : 'dashboard.filter.invalidDate';
  }
  return problems;
}

export const isAskable = (f: AttendanceFilter) => Object.keys(filterProblems(f)).length === 0;

export const askedQuery = (f: AttendanceFilter) =>
  filterQuery(f) as AttendanceReportQuery & Record<string, string | number | undefined>;

/** Seconds as people read them: "45 s", "12 min", "2 h 05 min"; "—" when nothing was measured. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

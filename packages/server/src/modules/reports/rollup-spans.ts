/**
 * How a range of instants [lo, hi) splits over the summary's UTC periods (attendance_rollup):
 * the whole quarters inside it, the whole months outside those, the whole 7-day parts (days 1, 8,
 * 15, 22, 29 of a UTC month) outside those, and what is left at the ends (the zone's partial days and the days
 * before the first whole part / after the last: under 7 days a side), read from the cycles. All
 * dates are the periods' first days, YYYY-MM-DD.
 */
export interface RollupSpans {
  quarters: string[];
  months: string[];
  parts: string[];
  /** Every part inside the range, months' included: the unfolded deltas read. */
  covered: string[];
  /** Every part the range touches, partly or wholly: what the size estimate counts. */
  touched: string[];
  /** Half-open instant ranges read from `ticket_tracking` (0, 1 or 2). */
  raw: Array<[Date, Date]>;
}

const DAY = 86_400_000;
const PART_STARTS = [1, 8, 15, 22, 29];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The part holding the UTC day `d` (midnight). */
function partOf(d: Date): Date {
  const day = d.getUTCDate();
  const start = PART_STARTS[Math.min(Math.floor((day - 1) / 7), 4)]!;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), start));
}

/** The part after the one starting at `p` (a 29th past the month's end is the next month's 1st). */
function nextPart(p: Date): Date {
  const i = PART_STARTS.indexOf(p.getUTCDate());
  return i < 4
    ? new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth(), PART_STARTS[i + 1]))
    : new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth() + 1, 1));
}

export function rollupSpans(lo: Date, hi: Date): RollupSpans {
  const touched: string[] = [];
  const inside: Date[] = [];
  for (let p = partOf(new Date(Math.floor(lo.getTime() / DAY) * DAY)); p < hi; p = nextPart(p)) {
    touched.push(iso(p));
    if (p >= lo && nextPart(p) <= hi) inside.push(p);
  }
  const raw: Array<[Date, Date]> = [];
  if (inside.length === 0) raw.push([lo, hi]);
  else {
    if (inside[0]! > lo) raw.push([lo, inside[0]!]);
    const end = nextPart(inside.at(-1)!);
    if (end < hi) raw.push([end, hi]);
  }
  // A quarter or month whose parts are all inside is read as a whole.
  const [first, end] = [inside[0], inside.length > 0 ? nextPart(inside.at(-1)!) : undefined];
  const whole = (start: Date, months: number) =>
    first !== undefined &&
    start >= first &&
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1)) <= end!;
  const quarters: string[] = [];
  const months: string[] = [];
  const parts: string[] = [];
  for (const p of inside) {
    const month = new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth(), 1));
    const quarter = new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth() - (p.getUTCMonth() % 3), 1));
    if (whole(quarter, 3)) {
      if (p.getTime() === quarter.getTime()) quarters.push(iso(quarter));
    } else if (whole(month, 1)) {
      if (p.getUTCDate() === 1) months.push(iso(month));
    } else parts.push(iso(p));
  }
  return { quarters, months, parts, covered: inside.map(iso), touched, raw };
}

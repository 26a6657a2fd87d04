/**
 * How a range of instants [lo, hi) splits over the summary's UTC periods (attendance_rollup):
 * the whole months inside it, the whole 7-day parts (days 1, 8, 15, 22, 29 of a UTC month) inside
 * it outside those months, and what is left at the ends (the zone's partial days and the days
 * before the first whole part / after the last: under 7 days a side), read from the cycles. All
 * dates are the periods' first days, YYYY-MM-DD.
 */
export interface RollupSpans {
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

/** The part after the one starting at `p`. */
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
  // A month whose five parts are all inside is read as the month.
  const months: string[] = [];
  const parts: string[] = [];
  for (const p of inside) {
    const first = new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth(), 1));
    const after = new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth() + 1, 1));
    if (first >= inside[0]! && after <= nextPart(inside.at(-1)!)) {
      if (p.getUTCDate() === 1) months.push(iso(first));
    } else parts.push(iso(p));
  }
  return { months, parts, covered: inside.map(iso), touched, raw };
}

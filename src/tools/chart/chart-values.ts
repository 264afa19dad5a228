// The values a chart draws, made ready for Plot: ISO dates become Dates (so Plot picks time ticks and
// does not warn about strings that look like dates), and rows without a value are left out and counted,
// so the chart can say so in words instead of Plot's bare ⚠️.
import type { ChartSpec } from './chart-spec';

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** True when `value` is an ISO 8601 date or timestamp string (`2001-01-01`, `2001-01-01T00:01:00Z`). */
export function isIsoDateText(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** The Date an ISO string stands for; a date without a time or zone is read as UTC midnight. */
export function parseIsoDate(text: string): Date {
  const date = text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T');
  return new Date(/(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(date) ? date : `${date}Z`);
}

/** How far apart a time column's values are: the tick format a person expects depends on it. */
export type TimeStep = 'year' | 'month' | 'day' | 'finer';

/** The coarsest step every date in `dates` sits on (all on 1 January → year, all on the 1st → month). */
export function timeStepOf(dates: readonly Date[]): TimeStep {
  const midnight = dates.every(
    (date) =>
      date.getUTCHours() === 0 &&
      date.getUTCMinutes() === 0 &&
      date.getUTCSeconds() === 0 &&
      date.getUTCMilliseconds() === 0,
  );
  if (!midnight) return 'finer';
  if (!dates.every((date) => date.getUTCDate() === 1)) return 'day';
  return dates.every((date) => date.getUTCMonth() === 0) ? 'year' : 'month';
}

/** How a time axis is ticked: Plot's interval name ("3 months", "week") and the labels' format. */
export interface TimeTicks {
  /** Undefined leaves the tick count to Plot (finer than days). */
  interval?: string;
  /** A d3-time-format specifier; undefined leaves Plot's own multi-scale labels. */
  format?: string;
}

const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60, 120];
const DAY_STEPS: [number, string][] = [
  [1, 'day'],
  [2, '2 days'],
  [7, 'week'],
  [14, '2 weeks'],
];
const DAY_MS = 86_400_000;

// An interval of `step` over `span` puts floor(span / step) + 1 ticks on the axis.
function fits(span: number, step: number, maxTicks: number): boolean {
  return Math.floor(span / step) + 1 <= Math.max(2, maxTicks);
}

function monthInterval(spanMonths: number, maxTicks: number, yearsOnly: boolean): string {
  const months =
    MONTH_STEPS.find(
      (candidate) => (!yearsOnly || candidate % 12 === 0) && fits(spanMonths, candidate, maxTicks),
    ) ?? Math.ceil(spanMonths / Math.max(1, maxTicks - 1) / 12) * 12;
  if (months % 12 === 0) return months === 12 ? 'year' : `${months / 12} years`;
  return months === 1 ? 'month' : `${months} months`;
}

/**
 * Ticks for dates at `step` that put at most `maxTicks` labels on the axis, each as wide as
 * "12 Sep 2001", so labels never run into each other: daily data over a few weeks is ticked by days or
 * weeks with the day in the label; over months it is ticked by months, labelled "Sep 2001".
 */
export function timeTicks(dates: readonly Date[], step: TimeStep, maxTicks: number): TimeTicks {
  if (step === 'finer' || dates.length === 0) return {};
  const times = dates.map((date) => date.getTime());
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  const spanMonths =
    (last.getUTCFullYear() - first.getUTCFullYear()) * 12 +
    last.getUTCMonth() -
    first.getUTCMonth();
  if (step === 'year') return { interval: monthInterval(spanMonths, maxTicks, true), format: '%Y' };
  if (step === 'day') {
    const spanDays = Math.round((last.getTime() - first.getTime()) / DAY_MS);
    // "12 Sep 2001" is a third wider than "Sep 2001": fewer of them fit.
    const dayTicks = Math.max(2, Math.floor((maxTicks * 2) / 3));
    const days = DAY_STEPS.find(([count]) => fits(spanDays, count, dayTicks));
    if (days) return { interval: days[1], format: '%-d %b %Y' };
  }
  return { interval: monthInterval(spanMonths, maxTicks, false), format: '%b %Y' };
}

/** Rows ready for Plot, what the x column holds, and how many rows were left out. */
export interface ChartValues {
  rows: Record<string, unknown>[];
  /** Set when every x value is an ISO date: the x values are Dates now. */
  timeStep?: TimeStep;
  /** Rows left out because a column the chart needs had no value. */
  missing: number;
}

function hasValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return typeof value !== 'number' || Number.isFinite(value);
}

/** The spec's rows with dates parsed and rows missing their x (or y) value left out. */
export function chartValues(spec: ChartSpec): ChartValues {
  const needed = spec.y === undefined ? [spec.x] : [spec.x, spec.y];
  const kept = spec.rows.filter((row) => needed.every((name) => hasValue(row[name])));
  const missing = spec.rows.length - kept.length;
  // Values that are bigints (DuckDB's BIGINT) are drawn as numbers.
  const numeric = kept.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([name, value]) => [
        name,
        typeof value === 'bigint' ? Number(value) : value,
      ]),
    ),
  );
  if (kept.length === 0 || !numeric.every((row) => isIsoDateText(row[spec.x])))
    return { rows: numeric, missing };
  const rows = numeric.map((row) => ({ ...row, [spec.x]: parseIsoDate(row[spec.x] as string) }));
  return {
    rows,
    timeStep: timeStepOf(rows.map((row) => row[spec.x] as Date)),
    missing,
  };
}

/** The sentence under a chart that left rows out, or undefined when none were. */
export function missingValuesNote(missing: number): string | undefined {
  if (missing <= 0) return undefined;
  return missing === 1
    ? '1 row without a value was left out.'
    : `${missing.toLocaleString('en')} rows without a value were left out.`;
}

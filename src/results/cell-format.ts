// How a result's cells read on screen: numbers with the person's grouping and decimal marks, ISO dates
// and timestamps as dates a person writes, everything else as text. Copy and CSV keep the raw values
// (result-data.ts `cellText`); this is only what the eye sees.
import { isIsoDateText, parseIsoDate } from '../tools/chart/chart-values';
import { cellText, isSecretColumn, shownCellText } from './result-data';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `n|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `d|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Columns whose whole numbers are names, not amounts (a year, an id, a code): shown without grouping. */
export function isIdentifierColumn(column: string): boolean {
  return /(^|_|\b)(year|yr|id|code|fips|zip|geoid|h3)$/i.test(column) || /Id$/.test(column);
}

function formatNumber(value: number | bigint, column: string, locale: string | undefined): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const whole = typeof value === 'bigint' || Number.isInteger(value);
  if (whole && isIdentifierColumn(column)) return String(value);
  if (whole) return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  // Six significant digits keep a column of averages readable; the CSV keeps full precision.
  return numberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
}

/** A date or a timestamp as a person reads it, in UTC (the zone the data was written in). */
export function formatDate(date: Date, withTime: boolean, locale?: string): string {
  if (Number.isNaN(date.getTime())) return '';
  if (!withTime) return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  const seconds = date.getUTCSeconds() !== 0 || date.getUTCMilliseconds() !== 0;
  return dateFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** True when a value is drawn right-aligned as a number. */
export function isNumericCell(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint';
}

/** The text a table shows for one cell of `column`, formatted for `locale` (the page's by default). */
export function formatCell(value: unknown, column: string, locale?: string): string {
  // A credential column (`password`, `api_key`) shows masked, whatever its values' type.
  if (isSecretColumn(column)) return shownCellText(column, value);
  if (typeof value === 'number' || typeof value === 'bigint')
    return formatNumber(value, column, locale);
  if (value instanceof Date) return formatDate(value, true, locale);
  if (isIsoDateText(value)) return formatDate(parseIsoDate(value), value.length > 10, locale);
  return cellText(value);
}

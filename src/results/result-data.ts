// The table a result's data holds, for the table view and the CSV file: its kind says whether there is
// one; its rows are the result's own, or the ones the page's ResultStore holds under its result id.
import { REDACTED } from '../agent/redact/redact';
import { isSecretKeyName } from '../agent/redact/secret-key-name';
import { isCurrentResultData } from '../tools/upgrade-result-data';
import type { StoredResult } from '../tools/result-store';
import type { TableResultData } from '../tools/tool';
import type { ResultRowSource } from './result-row-source';

/** A table the UI can show: columns, rows and the total the query produced. */
export interface TableData {
  resultId?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  totalRows: number;
  /** Rows kept after the stored copy was cut to the conversation's cap, when it was cut. */
  storedRows?: number;
  /** True when the rows were kept in the page only and the page no longer holds them. */
  rowsUnavailable?: boolean;
  /** The question the result answers: its CSV file is named after it. */
  question?: string;
  /** The server that produced it, and the SQL it ran (masked), as the result store holds them. */
  serverId?: string;
  sql?: string;
  /** Every row of the result, from the engine, while it keeps the result (the page's own server). */
  source?: ResultRowSource;
}

function fromResult(table: TableResultData): TableData {
  return {
    ...(table.resultId !== undefined ? { resultId: table.resultId } : {}),
    columns: table.columns.map((column) => column.name),
    rows: table.rows ?? [],
    totalRows: table.totalRows,
    ...(table.rows === undefined ? { rowsUnavailable: true } : {}),
  };
}

/** The table of a result's data with the rows it carries; undefined when the data is no table. */
export function findTable(data: unknown): TableData | undefined {
  if (!isCurrentResultData(data)) return undefined;
  switch (data.kind) {
    case 'table':
      return fromResult(data);
    case 'chart':
    case 'mcp':
      return undefined;
  }
}

/**
 * The table of a result's data, with the rows `lookup` holds for its result id when it holds at least
 * as many as the data carries (a result's rows are stored once, in the ResultStore), and the engine's
 * pages of every row when `sourceFor` has them.
 */
export function resolveTableData(
  data: unknown,
  lookup: (resultId: string) => StoredResult | undefined,
  sourceFor: (resultId: string) => ResultRowSource | undefined = () => undefined,
): TableData | undefined {
  const table = findTable(data);
  const stored = table?.resultId === undefined ? undefined : lookup(table.resultId);
  if (!table || !stored || stored.rows.length < table.rows.length) return table;
  const source = sourceFor(stored.resultId);
  return {
    resultId: stored.resultId,
    columns: stored.columns.map((column) => column.name),
    rows: stored.rows,
    totalRows: stored.totalRows,
    ...(stored.storedRows !== undefined ? { storedRows: stored.storedRows } : {}),
    serverId: stored.serverId,
    ...(stored.sql !== undefined ? { sql: stored.sql } : {}),
    ...(source ? { source } : {}),
  };
}

/** Formats one cell's raw value (shownCellText masks a credential column's). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object')
    return JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
  return String(value);
}

/**
 * True when `column`'s values are credentials by its name (`password`, `api_key`, `token`,
 * `s3_secret_access_key`): they are masked wherever a result is shown or exported, as the app masks a
 * credential in text.
 */
export function isSecretColumn(column: string): boolean {
  return isSecretKeyName(column);
}

/** One cell of `column` as a table, a report or an export writes it: a credential column's masked. */
export function shownCellText(column: string, value: unknown): string {
  const text = cellText(value);
  return text !== '' && isSecretColumn(column) ? REDACTED : text;
}

/** Rows as tab-separated raw values, one line each, as a spreadsheet pastes them. */
export function toTsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  const clean = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');
  return rows
    .map((row) => columns.map((name) => clean(shownCellText(name, row[name]))).join('\t'))
    .join('\n');
}

function csvQuote(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV header line (RFC 4180 quoting), with its line break. */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvQuote).join(',')}\r\n`;
}

/** Rows as CSV lines of raw values, each with its line break. */
export function csvLines(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  let text = '';
  for (const row of rows)
    text += `${columns.map((name) => csvQuote(shownCellText(name, row[name]))).join(',')}\r\n`;
  return text;
}

/** The table's rows as CSV (RFC 4180 quoting). */
export function toCsv(table: TableData): string {
  return csvHeader(table.columns) + csvLines(table.columns, table.rows);
}

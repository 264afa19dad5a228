// A table result read from a record that carries rows: an MCP server's structured content (ours writes
// `result_id`, `columns`, `rows`, `total_rows`), or the data an older release stored. Columns and their
// types come from the rows when the record names none.
import { ROW_CAPS } from '../config/row-caps';
import type { ResultColumn, TableResultData } from './tool';

/** True for a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The type of a column as its values show it: number, boolean, string, or json for anything else. */
export function valueType(values: readonly unknown[]): string {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return 'null';
  const types = new Set(
    present.map((value) =>
      typeof value === 'bigint' ? 'number' : typeof value === 'object' ? 'json' : typeof value,
    ),
  );
  const [only] = types;
  return types.size === 1 && only !== undefined ? only : 'json';
}

/** Columns of `rows`, in order of first appearance, typed by their values. */
export function columnsOfRows(rows: readonly Record<string, unknown>[]): ResultColumn[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const name of Object.keys(row))
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
  return names.map((name) => ({ name, type: valueType(rows.map((row) => row[name])) }));
}

function readColumns(columns: unknown): (string | ResultColumn)[] | undefined {
  if (!Array.isArray(columns) || columns.length === 0) return undefined;
  const read = columns.map((column): string | ResultColumn | undefined => {
    if (typeof column === 'string') return column;
    if (isRecord(column) && typeof column.name === 'string')
      return typeof column.type === 'string'
        ? { name: column.name, type: column.type }
        : column.name;
    return undefined;
  });
  return read.every(
    (column): column is string | ResultColumn => column !== undefined && column !== '',
  )
    ? read
    : undefined;
}

function firstOf(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (record[key] !== undefined) return record[key];
  return undefined;
}

/**
 * The table a record carries: `rows` as objects (or as arrays beside named `columns`), with the total
 * (`total_rows`, `totalRows`, `row_count`, `rowCount`), the `result_id` and the SQL when it names them.
 * Undefined when the record holds no table.
 */
export function tableFromRecord(record: unknown): TableResultData | undefined {
  if (!isRecord(record) || !Array.isArray(record.rows)) return undefined;
  const named = readColumns(record.columns);
  let rows: Record<string, unknown>[];
  if (record.rows.every(isRecord)) rows = record.rows;
  else if (named && record.rows.every(Array.isArray)) {
    const names = named.map((column) => (typeof column === 'string' ? column : column.name));
    rows = (record.rows as unknown[][]).map((cells) =>
      Object.fromEntries(names.map((name, index) => [name, cells[index]])),
    );
  } else return undefined;
  const inferred = columnsOfRows(rows);
  const columns = named
    ? named.map((column) =>
        typeof column === 'string'
          ? (inferred.find((candidate) => candidate.name === column) ?? {
              name: column,
              type: 'null',
            })
          : column,
      )
    : inferred;
  const total = firstOf(record, ['total_rows', 'totalRows', 'row_count', 'rowCount']);
  const resultId = firstOf(record, ['result_id', 'resultId']);
  const totalRows = typeof total === 'number' && total >= rows.length ? total : rows.length;
  return {
    kind: 'table',
    ...(typeof resultId === 'string' && resultId ? { resultId } : {}),
    columns,
    rows,
    totalRows,
    ...(record.truncated === true || totalRows > rows.length ? { truncated: true } : {}),
    ...(typeof record.sql === 'string' ? { sql: record.sql } : {}),
  };
}

/** The table with its rows cut to `limit` (the total stays what the source produced). */
export function withRowsBounded(
  table: TableResultData,
  limit: number = ROW_CAPS.inResultData,
): TableResultData {
  if (!table.rows || table.rows.length <= limit) return table;
  return { ...table, rows: table.rows.slice(0, limit), truncated: true };
}

/** The table without its rows: a ResultStore holds them under its `resultId`. */
export function withoutRows(table: TableResultData): TableResultData {
  const { rows: _rows, ...rest } = table;
  return rest;
}

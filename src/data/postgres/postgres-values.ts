// PostgreSQL values as plain data: numbers for bigint and numeric (node-postgres sends them as text, so
// they would show and sort as text), GeoJSON for PostGIS geometries (sent as EWKB in hex), and the
// rest as every engine gives them (dates as ISO text).
import { hexWkbToGeometry, looksLikeHexWkb } from '../../geo/wkb-geometry';
import { toPlainValue } from '../plain-value';
import type { ColumnInfo, Row } from '../data-engine';
import type pg from 'pg';

const numericTypes = new Set(['bigint', 'numeric', 'money']);
const geometryTypes = new Set(['geometry', 'geography']);

/** The type names (as `format_type` writes them) of the given type ids, read once and kept in `known`. */
export async function postgresTypeNames(
  client: pg.ClientBase,
  known: Map<number, string>,
  typeIds: number[],
): Promise<Map<number, string>> {
  const missing = [...new Set(typeIds)].filter((id) => !known.has(id));
  if (missing.length > 0) {
    const result = await client.query<{ oid: number; name: string }>(
      'SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
      [missing],
    );
    for (const row of result.rows) known.set(row.oid, row.name);
  }
  return known;
}

/** One cell as plain data, by its column's type. */
export function postgresValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (numericTypes.has(type) && typeof value === 'string') {
    const number = Number(value.replace(/[^0-9eE.+-]/g, ''));
    // A bigint past 2^53 or a numeric with more digits than a double keeps its exact text.
    const exact = type !== 'bigint' || Number.isSafeInteger(number);
    return Number.isFinite(number) && exact ? number : value;
  }
  if (geometryTypes.has(type) && typeof value === 'string' && looksLikeHexWkb(value)) {
    try {
      return hexWkbToGeometry(value);
    } catch {
      return value;
    }
  }
  return toPlainValue(value);
}

/** Rows read in array mode as plain rows named by their columns. */
export function postgresRowsOf(rows: unknown[][], columns: ColumnInfo[]): Row[] {
  return rows.map((cells) => {
    const row: Row = {};
    columns.forEach((column, index) => {
      row[column.name] = postgresValue(cells[index], column.type);
    });
    return row;
  });
}

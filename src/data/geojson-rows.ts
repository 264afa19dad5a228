// GeoJSON becomes a table: one row per feature, properties as columns, geometry kept as GeoJSON text.
import type { Row } from './data-engine';

/** Turns a GeoJSON FeatureCollection (or a single Feature) into rows; points also get lon and lat. */
export function geojsonToRows(geojson: unknown): Row[] {
  const features = featuresOf(geojson);
  return features.map((feature) => {
    const properties =
      feature.properties && typeof feature.properties === 'object' ? feature.properties : {};
    const row: Row = { ...(properties as Row) };
    const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
    row.geometry = geometry ? JSON.stringify(geometry) : null;
    const coordinates = geometry?.type === 'Point' ? geometry.coordinates : undefined;
    const isPoint =
      Array.isArray(coordinates) &&
      typeof coordinates[0] === 'number' &&
      typeof coordinates[1] === 'number';
    if (!('lon' in row)) row.lon = isPoint ? coordinates[0] : null;
    if (!('lat' in row)) row.lat = isPoint ? coordinates[1] : null;
    if (feature.id !== undefined && !('id' in row)) row.id = feature.id;
    return row;
  });
}

interface FeatureLike {
  id?: unknown;
  properties?: unknown;
  geometry?: unknown;
}

function featuresOf(geojson: unknown): FeatureLike[] {
  if (!geojson || typeof geojson !== 'object') {
    throw new Error('This file is not GeoJSON: expected a FeatureCollection object.');
  }
  const value = geojson as { type?: unknown; features?: unknown };
  if (value.type === 'FeatureCollection' && Array.isArray(value.features)) {
    return value.features as FeatureLike[];
  }
  if (value.type === 'Feature') return [value as FeatureLike];
  throw new Error(
    `This file is GeoJSON of type ${String(value.type)}; only FeatureCollection and Feature load as tables.`,
  );
}

/** The DuckDB type a normalised column loads as. */
export type JsonColumnType = 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'VARCHAR';

/** Rows whose every column holds one type, and that type per column (in first-seen order). */
export interface NormalisedRows {
  rows: Row[];
  columns: string[];
  types: Record<string, JsonColumnType>;
}

/**
 * Makes every column one type, so the rows can become a typed table: columns whose values are all
 * numbers (or all booleans) keep them; any other mix becomes text (objects as JSON).
 */
export function normaliseRows(rows: Row[]): NormalisedRows {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const types: Record<string, JsonColumnType> = {};
  for (const column of columns) types[column] = columnType(rows, column);
  const normalised = rows.map((row) => {
    const result: Row = {};
    for (const column of columns) {
      const value = row[column];
      const type = types[column];
      if (value === null || value === undefined) result[column] = null;
      else if (type !== 'VARCHAR') result[column] = value;
      else result[column] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return result;
  });
  return { rows: normalised, columns, types };
}

// Whole numbers stay integers (counts, codes, flags), so SQL sees BIGINT where the data has no fractions.
function columnType(rows: Row[], column: string): JsonColumnType {
  const kinds = new Set<string>();
  let allIntegers = true;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    kinds.add(typeof value);
    if (typeof value === 'number' && !Number.isSafeInteger(value)) allIntegers = false;
  }
  if (kinds.size !== 1) return 'VARCHAR';
  if (kinds.has('number')) return allIntegers ? 'BIGINT' : 'DOUBLE';
  return kinds.has('boolean') ? 'BOOLEAN' : 'VARCHAR';
}

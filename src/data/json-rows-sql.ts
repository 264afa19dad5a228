// Node: GeoJSON rows reach native DuckDB as newline-delimited JSON read with explicit column types, the
// types the page's engine gives the same rows (rows-to-arrow.ts), so both back ends agree on them.
import { quoteLiteral } from './sql-identifier';
import type { NormalisedRows } from './geojson-rows';

// One GeoJSON feature (a country's outline) can be several megabytes; DuckDB's default cap is 16 MB.
const maximumObjectBytes = 512 * 1024 * 1024;

/** The rows as newline-delimited JSON, one object per line. */
export function rowsToNdjson(normalised: NormalisedRows): string {
  return normalised.rows.map((row) => JSON.stringify(row)).join('\n');
}

/** A `read_json(...)` table expression over an NDJSON file written by `rowsToNdjson`. */
export function readNdjsonSql(fileName: string, normalised: NormalisedRows): string {
  const columns = normalised.columns
    .map(
      (column) => `${quoteLiteral(column)}: ${quoteLiteral(normalised.types[column] ?? 'VARCHAR')}`,
    )
    .join(', ');
  return (
    `read_json(${quoteLiteral(fileName)}, format = 'newline_delimited', ` +
    `maximum_object_size = ${maximumObjectBytes}, columns = {${columns}})`
  );
}

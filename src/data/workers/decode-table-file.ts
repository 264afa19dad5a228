// Arrow, GeoJSON and JSON table files turned into the Arrow IPC stream DuckDB-WASM inserts. Pure
// TypeScript with no DOM: in the page it runs in the table decoder's worker (table-decoder-worker.ts),
// in Node and in tests on the caller's thread. CSV and TSV DuckDB reads itself; Parquet needs
// parquet-wasm (the worker and each runtime decode it).
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { geojsonToRows, normaliseRows } from '../geojson-rows';
import { rowsToArrowTable } from './rows-to-arrow';
import type { Row } from '../data-engine';
import type { DecodedFormat } from '../duckdb-wasm-types';

/** The file as one Arrow IPC stream; `table` names it in errors. Throws a sentence when it cannot. */
export function decodeToArrowIpc(
  format: DecodedFormat,
  table: string,
  bytes: Uint8Array,
): Uint8Array {
  // Arrow files come in the file or the stream flavour; DuckDB takes only the stream one.
  if (format === 'arrow') return tableToIPC(tableFromIPC(bytes), 'stream');
  const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
  const rows = format === 'geojson' ? geojsonToRows(parsed) : jsonRows(parsed);
  const normalised = normaliseRows(rows);
  if (normalised.columns.length === 0) {
    throw new Error(`${table}: the file holds no rows with fields to load.`);
  }
  return tableToIPC(rowsToArrowTable(normalised), 'stream');
}

function jsonRows(parsed: unknown): Row[] {
  if (Array.isArray(parsed)) return parsed.filter((row) => row && typeof row === 'object') as Row[];
  throw new Error('A JSON table must be an array of objects.');
}

// Where a large uploaded CSV's rows live: an in-memory database of DuckDB's own, attached with
// compression (DuckDB 1.4's `COMPRESS`), so a table holds its columns compressed as a database file does
// instead of as plain vectors (a 100 MB CSV made a table of 1.4 times its size, compressed 0.17 times,
// in twice the time). The person and the model name the table as before: a view of that name in the
// main database reads it. Smaller files keep plain tables, which are ready sooner.
import { quoteIdentifier, quoteLiteral } from '../sql-identifier';
import type { WasmConnection } from '../duckdb-wasm-types';

/**
 * Up to this size a CSV's plain table (about 1.4 times the file) loads in half the time of a compressed
 * one and costs little; past it memory, of which a tab has 4 GiB at most, matters more than seconds.
 */
export const COMPRESS_ABOVE_BYTES = 128 * 1024 * 1024;

/**
 * Whether a CSV of `data` goes to the compressed database: past `compressAboveBytes`, and never for a
 * writable engine (writes go to base tables: UPDATE refuses a view).
 */
export function holdsCompressed(
  data: Uint8Array | Blob,
  options: { allowWrites?: boolean; compressAboveBytes?: number },
): boolean {
  const size = data instanceof Blob ? data.size : data.byteLength;
  return !options.allowWrites && size > (options.compressAboveBytes ?? COMPRESS_ABOVE_BYTES);
}

/** The attached database that holds uploaded tables. */
export const UPLOADS_DATABASE = 'mapwright_uploads';

/** Attaches the compressed in-memory database for uploads (before external access is turned off). */
export const attachUploadsSql = `ATTACH ':memory:' AS ${quoteIdentifier(UPLOADS_DATABASE)} (COMPRESS)`;

/** The qualified name of `table`'s rows in the uploads database. */
export function uploadTableName(table: string): string {
  return `${quoteIdentifier(UPLOADS_DATABASE)}.main.${quoteIdentifier(table)}`;
}

/** The view in the main database that gives an upload's rows the table's own name. */
export function uploadViewSql(table: string): string {
  return `CREATE OR REPLACE VIEW main.${quoteIdentifier(table)} AS SELECT * FROM ${uploadTableName(table)}`;
}

/**
 * Drops `table` of the main database whether it is a table or an upload's view, and the upload's rows
 * with it (DuckDB refuses DROP TABLE of a view, and DROP VIEW of a table).
 */
export async function dropTableOrUpload(connection: WasmConnection, table: string): Promise<void> {
  const name = quoteIdentifier(table);
  const kinds = await connection.query(
    `SELECT table_type FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = 'main' AND table_name = ${quoteLiteral(table)}`,
  );
  const kind = String(kinds.toArray()[0]?.table_type ?? '');
  if (kind === 'VIEW') await connection.query(`DROP VIEW IF EXISTS main.${name}`);
  else await connection.query(`DROP TABLE IF EXISTS main.${name}`);
  await connection.query(`DROP TABLE IF EXISTS ${uploadTableName(table)}`);
}

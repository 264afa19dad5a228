// An uploaded CSV or TSV made a table by DuckDB's own reader. A file is registered as a handle that
// DuckDB's worker reads slice by slice as it scans, so the page never copies it (a 100 MB file read
// into the page and copied to DuckDB took seconds and held the file twice). The statement is sent
// rather than run: DuckDB-WASM then polls it, and between polls it can be cancelled; how far it has
// read the file comes from its worker meanwhile. The rows go to the compressed uploads database
// (uploads-database.ts), behind a view of the table's name.
import { csvReadOptions } from '../csv-read-options';
import { quoteIdentifier, quoteLiteral } from '../sql-identifier';
import { dropTableOrUpload, uploadTableName, uploadViewSql } from './uploads-database';
import type { LoadOptions } from '../data-engine';
import type { WasmConnection, WasmDatabase } from '../duckdb-wasm-types';

/** One CSV or TSV file to load as `table`, registered for DuckDB under `fileName`. */
export interface CsvFileLoad extends LoadOptions {
  table: string;
  format: 'csv' | 'tsv';
  data: Uint8Array | Blob;
  fileName: string;
  /** Into the compressed uploads database, behind a view (uploads-database.ts); a plain table without. */
  compressed?: boolean;
}

/** The bytes of data given as a file or as bytes (a file is read whole: only where it must be). */
export async function bytesOfData(data: Uint8Array | Blob): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
}

/**
 * Creates `table` from the file with read_csv, telling `onProgress` how far DuckDB's scan got. When
 * `signal` aborts, the query is cancelled, the table dropped and the file let go; rejects with the
 * signal's reason then.
 */
export async function readCsvFile(
  database: WasmDatabase,
  connection: WasmConnection,
  load: CsvFileLoad,
): Promise<void> {
  const { table, format, data, fileName, signal, onProgress, compressed = false } = load;
  if (data instanceof Blob && database.registerFileHandle)
    await database.registerFileHandle(fileName, data);
  else await database.registerFileBuffer(fileName, await bytesOfData(data));
  let highest = 0;
  // How far the scan got only goes forward; a late report of another file must not pull it back.
  const stopProgress =
    onProgress &&
    database.onProgress?.((fraction) => {
      if (fraction <= highest) return;
      highest = fraction;
      onProgress(fraction);
    });
  const cancel = (): void => {
    void connection.cancelSent().catch(() => false);
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    signal?.throwIfAborted();
    const reader = await connection.send(
      `CREATE TABLE ${compressed ? uploadTableName(table) : quoteIdentifier(table)} AS SELECT * FROM read_csv(${quoteLiteral(fileName)}${csvReadOptions(format)})`,
    );
    // The statement's one-row answer (the count) is read so the connection is free again.
    const batches = reader[Symbol.asyncIterator]();
    while (!(await batches.next()).done) continue;
    signal?.throwIfAborted();
    if (compressed) await connection.query(uploadViewSql(table));
  } catch (error) {
    if (!signal?.aborted) throw error;
    // Cancelled: nothing of the file stays in DuckDB.
    await dropTableOrUpload(connection, table).catch(() => undefined);
    throw signal.reason;
  } finally {
    signal?.removeEventListener('abort', cancel);
    stopProgress?.();
    await database.dropFile(fileName);
  }
  onProgress?.(1);
}

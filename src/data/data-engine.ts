// The platform-neutral data engine: DuckDB-WASM in the page, native DuckDB in Node.
import type { SqlStatementReading } from '../sql/sql-guard';

/** Where a table's data comes from. */
export interface TableSource {
  /** Table name in the engine (from the config, or derived from an upload's file name). */
  table: string;
  format: 'csv' | 'tsv' | 'parquet' | 'geojson' | 'arrow' | 'json';
  /** A URL (browser) or a file path (Node). */
  url?: string;
  /** In-memory bytes, for uploads. */
  bytes?: Uint8Array;
  /**
   * A file (an upload, or one kept from an earlier visit) read where it is: DuckDB-WASM reads a CSV or
   * TSV in place and a decoder's worker the rest, so the page never holds a copy of its bytes.
   */
  file?: Blob;
}

/** How one load reports its progress and is stopped. */
export interface LoadOptions {
  /** Told the share of the file read so far, 0 to 1, when the engine can tell (a CSV or TSV file). */
  onProgress?: (fraction: number) => void;
  /** Stops the load: what was read is dropped and load rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** One column of a table or a result. */
export interface ColumnInfo {
  name: string;
  type: string;
  /** A few distinct values, for text columns. */
  sampleValues?: string[];
}

/** What describe(table) returns. */
export interface TableDescription {
  table: string;
  columns: ColumnInfo[];
  rowCount: number;
}

/** Plain rows at the edge of the engine. */
export type Row = Record<string, unknown>;

/** The result of a query, turned into plain rows. */
export interface QueryResult {
  columns: ColumnInfo[];
  rows: Row[];
  /** Rows the query produced before any row limit. */
  totalRows: number;
  truncated: boolean;
  elapsedMs: number;
}

/** Options for one query. */
export interface QueryOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRows?: number;
}

/** A table that was declared but failed to load, and why. */
export interface TableLoadFailure {
  table: string;
  message: string;
}

/** A SQL engine over local tables. */
export interface DataEngine {
  /** Loads a table; loading the same table twice is a no-op. */
  load(source: TableSource, options?: LoadOptions): Promise<void>;
  listTables(): Promise<string[]>;
  describe(table: string): Promise<TableDescription>;
  query(sql: string, options?: QueryOptions): Promise<QueryResult>;
  close(): Promise<void>;
  /** Declared tables that failed to load (engines that load declared tables in the background). */
  loadFailures?(): TableLoadFailure[];
  /** Removes a table (an upload the person removed); a table that is not there is no error. */
  drop(table: string): Promise<void>;
  /**
   * How DuckDB itself reads SQL, without running it (see `SqlStatementReader` in src/sql/sql-guard.ts):
   * the read-only guard refuses SQL that DuckDB and this project's lexer read differently.
   */
  readStatements?(sql: string): Promise<SqlStatementReading>;
}

// The platform-neutral data engine: DuckDB-WASM in the page, native DuckDB in Node.
import type { SqlStatementReading } from '../sql/sql-guard';
import type { ResultView } from './kept-result-sql';

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
  /** True when the engine kept the whole result (the query's `keepAs`), to be read a page at a time. */
  kept?: boolean;
}

/** Options for one query. */
export interface QueryOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRows?: number;
  /**
   * Keep the whole result in the engine under this id, so `keptResultPage` reads any part of it later.
   * Engines that cannot keep results (or statements that are not queries) run the query as usual.
   */
  keepAs?: string;
}

/** One page of a kept result: where it starts, how many rows, in which view. */
export interface KeptPageRequest {
  view: ResultView;
  offset: number;
  limit: number;
}

/** A page of a kept result and the number of rows its view lets through. */
export interface KeptPage {
  rows: Row[];
  /** Rows of the whole result the view's filter lets through. */
  totalRows: number;
}

/** The columns of a table that hold its points' longitude and latitude. */
export interface PointSource {
  table: string;
  longitude: string;
  latitude: string;
}

/** A table's points as typed arrays (rows without a place on the map left out), and their extent. */
export interface TablePoints {
  longitudes: Float64Array;
  latitudes: Float64Array;
  /** [west, south, east, north] from SQL's min and max; undefined when no row has a point. */
  bounds: [number, number, number, number] | undefined;
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
  /**
   * A table's points, read a batch at a time into typed arrays (never a row object each), with
   * their extent from SQL: what a layer of millions of points is drawn from.
   */
  readPoints?(source: PointSource, options?: { signal?: AbortSignal }): Promise<TablePoints>;
  /** True while the engine keeps the whole result of a query run with `keepAs` under this id. */
  hasKeptResult?(resultId: string): boolean;
  /** A page of a kept result, sorted and filtered in the engine; fails once it is no longer kept. */
  keptResultPage?(resultId: string, request: KeptPageRequest): Promise<KeptPage>;
}

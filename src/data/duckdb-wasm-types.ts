// The slice of DuckDB-WASM's AsyncDuckDB the engine uses, so a test can hand it another build.
import type { RowGroupStatistics } from './parquet/parquet-footer-statistics';
import type { RecordBatch, Schema, Table } from 'apache-arrow';

/** The table files decoded to Arrow off DuckDB (workers/decode-table-file.ts). */
export type DecodedFormat = 'arrow' | 'geojson' | 'json';

/** A streamed query result: its schema, then record batches. */
export interface WasmBatchReader extends AsyncIterable<RecordBatch> {
  /** Undefined until the reader is opened. */
  readonly schema: Schema | undefined;
  /** Reads the stream's schema message. */
  open(): Promise<unknown>;
}

/** A prepared statement; the engine only prepares to learn whether DuckDB can. */
export interface WasmPreparedStatement {
  close(): Promise<void>;
}

/** DuckDB's scanner output: where each token starts (a UTF-8 byte offset) and its kind. */
export interface WasmScriptTokens {
  offsets: number[];
  /** 0 identifier, 1 number, 2 string, 3 operator (`;` among them), 4 keyword, 5 comment. */
  types: number[];
}

/** One DuckDB-WASM connection. */
export interface WasmConnection {
  query(sql: string): Promise<Table>;
  /** Prepares one statement; DuckDB refuses several ("Cannot prepare multiple statements at once"). */
  prepare(sql: string): Promise<WasmPreparedStatement>;
  send(sql: string, allowStreamResult?: boolean): Promise<WasmBatchReader>;
  cancelSent(): Promise<boolean>;
  insertArrowFromIPCStream(
    buffer: Uint8Array,
    options: { name: string; schema?: string; create?: boolean },
  ): Promise<void>;
  close(): Promise<void>;
}

/** A DuckDB-WASM database. */
export interface WasmDatabase {
  connect(): Promise<WasmConnection>;
  registerFileBuffer(name: string, buffer: Uint8Array): Promise<void>;
  /**
   * Registers a file DuckDB reads in place, slice by slice, from its own worker (the browser's file
   * reader): no copy of it is made. Absent in builds without one; the engine copies the bytes then.
   */
  registerFileHandle?(name: string, file: Blob): Promise<void>;
  /**
   * Calls `listener` with how far DuckDB has read the large file it is reading (0 to 1); returns a
   * function that stops it (duckdb-worker-file-reads.ts tells it from DuckDB's worker).
   */
  onProgress?(listener: (fraction: number) => void): () => void;
  /** Runs DuckDB's own scanner over SQL. */
  tokenize(sql: string): Promise<WasmScriptTokens>;
  dropFile(name: string): Promise<void>;
  terminate(): Promise<void>;
}

/** What DuckDB's worker may reach besides its own origin. */
export interface WasmNetwork {
  /** Origins (`https://data.example.org`) of the hosts queries may read. */
  allowedOrigins: readonly string[];
}

/** A remote Parquet file's row count, and its schema (no rows) or the columns asked for, as Arrow IPC. */
export interface RemoteParquetAnswer {
  numRows: number;
  ipc: Uint8Array;
  /** With the schema: the row groups and their value ranges, when the footer could be read for them. */
  rowGroups?: RowGroupStatistics[];
}

/** What the WASM engine needs from its platform: a database, and Parquet turned into Arrow IPC. */
export interface WasmRuntime {
  openDatabase(network: WasmNetwork): Promise<WasmDatabase>;
  /** A Parquet file, given as bytes or as a file read where it is, to Arrow IPC. */
  parquetToArrowIpc(bytes: Uint8Array | Blob): Promise<Uint8Array>;
  /**
   * Arrow, GeoJSON and JSON files to Arrow IPC elsewhere (the page: a worker, which reads a file given
   * as a Blob itself); on this thread without it.
   */
  decodeToArrowIpc?(
    format: DecodedFormat,
    table: string,
    bytes: Uint8Array | Blob,
  ): Promise<Uint8Array>;
  /**
   * Reads a remote Parquet file by HTTP range, reaching only `allowedOrigins`: its footer alone
   * without `columns`, or only those columns' chunks (of `rowGroups` alone, when given). Absent where
   * files are downloaded whole.
   */
  readRemoteParquet?(
    url: string,
    allowedOrigins: string[],
    columns?: string[],
    rowGroups?: number[],
  ): Promise<RemoteParquetAnswer>;
}

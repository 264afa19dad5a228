// The DataEngine in the page: DuckDB-WASM in a worker, started on first use.
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { columnsOfSchema, rowsOfBatch } from './arrow-rows';
import { csvReadOptions } from './csv-read-options';
import { describeTable, listTablesSql } from './describe-table';
import { geojsonToRows, normaliseRows } from './geojson-rows';
import { loadOnce } from './load-once';
import { finishGuardedQuery, guardQuery } from './query-errors';
import { rowsToArrowTable } from './rows-to-arrow';
import { quoteIdentifier, quoteLiteral } from './sql-identifier';
import type {
  DataEngine,
  QueryOptions,
  QueryResult,
  Row,
  TableDescription,
  TableSource,
} from './data-engine';
import type { WasmConnection, WasmDatabase, WasmRuntime } from './duckdb-wasm-types';

/** Options of the WASM engine. */
export interface DuckDbWasmEngineOptions {
  /** Where DuckDB and parquet-wasm come from; the page's bundled files by default. */
  runtime?: WasmRuntime;
  /** Fetches table files given by URL (injectable for tests). */
  fetch?: typeof fetch;
  /** Default row limit of a query when the caller gives none. */
  defaultMaxRows?: number;
}

/** DuckDB-WASM behind the DataEngine interface. Nothing loads until the first call. */
export class DuckDbWasmEngine implements DataEngine {
  private database?: Promise<WasmDatabase>;
  private readonly loads = new Map<string, Promise<void>>();
  private fileCounter = 0;

  constructor(private readonly options: DuckDbWasmEngineOptions = {}) {}

  /** True once DuckDB has been asked to start. */
  get started(): boolean {
    return this.database !== undefined;
  }

  load(source: TableSource): Promise<void> {
    return loadOnce(this.loads, source.table, () => this.loadTable(source));
  }

  async listTables(): Promise<string[]> {
    const rows = await this.queryRows(listTablesSql);
    return rows.map((row) => String(row.table_name));
  }

  describe(table: string): Promise<TableDescription> {
    return describeTable(table, (sql) => this.queryRows(sql));
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const started = performance.now();
    const maxRows = options.maxRows ?? this.options.defaultMaxRows ?? 1000;
    const connection = await (await this.ready()).connect();
    const guard = guardQuery(options, () => {
      void connection.cancelSent().catch(() => false);
    });
    try {
      const work = async () => {
        const reader = await connection.send(sql, true);
        await reader.open();
        let schema = reader.schema;
        const rows: Row[] = [];
        let totalRows = 0;
        for await (const batch of reader) {
          guard.throwIfStopped();
          schema ??= batch.schema;
          if (rows.length < maxRows) rows.push(...rowsOfBatch(batch, maxRows - rows.length));
          totalRows += batch.numRows;
        }
        return { columns: schema ? columnsOfSchema(schema) : [], rows, totalRows };
      };
      return await finishGuardedQuery(work(), guard, started);
    } finally {
      guard.dispose();
      void connection.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const database = this.database;
    this.database = undefined;
    this.loads.clear();
    if (database) await (await database).terminate();
  }

  private ready(): Promise<WasmDatabase> {
    if (!this.database) {
      this.database = this.runtime().then((runtime) => runtime.openDatabase());
      this.database.catch(() => {
        this.database = undefined;
      });
    }
    return this.database;
  }

  private async runtime(): Promise<WasmRuntime> {
    if (this.options.runtime) return this.options.runtime;
    return (await import('./duckdb-wasm-browser')).browserWasmRuntime;
  }

  private async queryRows(sql: string): Promise<Row[]> {
    return (await this.query(sql, { maxRows: Number.MAX_SAFE_INTEGER })).rows;
  }

  private async loadTable(source: TableSource): Promise<void> {
    const bytes = await this.bytesOf(source);
    const database = await this.ready();
    const connection = await database.connect();
    try {
      await this.insert(database, connection, source, bytes);
    } finally {
      await connection.close();
    }
  }

  private async insert(
    database: WasmDatabase,
    connection: WasmConnection,
    source: TableSource,
    bytes: Uint8Array,
  ): Promise<void> {
    const table = source.table;
    await connection.query(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
    switch (source.format) {
      case 'csv':
      case 'tsv': {
        const fileName = `mapwright-${++this.fileCounter}.${source.format}`;
        await database.registerFileBuffer(fileName, bytes);
        try {
          await connection.query(
            `CREATE TABLE ${quoteIdentifier(table)} AS SELECT * FROM read_csv(${quoteLiteral(fileName)}${csvReadOptions(source.format)})`,
          );
        } finally {
          await database.dropFile(fileName);
        }
        return;
      }
      case 'parquet': {
        const ipc = await (await this.runtime()).parquetToArrowIpc(bytes);
        await connection.insertArrowFromIPCStream(ipc, { name: table, create: true });
        return;
      }
      case 'arrow': {
        // Arrow files come in the file or the stream flavour; DuckDB takes only the stream one.
        const stream = tableToIPC(tableFromIPC(bytes), 'stream');
        await connection.insertArrowFromIPCStream(stream, { name: table, create: true });
        return;
      }
      case 'geojson':
      case 'json': {
        const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
        const rows = source.format === 'geojson' ? geojsonToRows(parsed) : jsonRows(parsed);
        const normalised = normaliseRows(rows);
        if (normalised.columns.length === 0) {
          throw new Error(`${table}: the file holds no rows with fields to load.`);
        }
        const ipc = tableToIPC(rowsToArrowTable(normalised), 'stream');
        await connection.insertArrowFromIPCStream(ipc, { name: table, create: true });
        return;
      }
    }
  }

  private async bytesOf(source: TableSource): Promise<Uint8Array> {
    if (source.bytes) return source.bytes;
    if (!source.url) throw new Error(`Table ${source.table} has neither a url nor bytes to load.`);
    const fetchImpl = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await fetchImpl(source.url);
    if (!response.ok) {
      throw new Error(
        `Could not load ${source.table} from ${source.url}: HTTP ${response.status}. Check the dataset url.`,
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  async drop(table: string): Promise<void> {
    // A load under way finishes first, so it cannot create the table again after the drop.
    await this.loads.get(table)?.catch(() => undefined);
    this.loads.delete(table);
    if (!this.database) return;
    const connection = await (await this.ready()).connect();
    try {
      await connection.query(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
    } finally {
      await connection.close();
    }
  }
}

function jsonRows(parsed: unknown): Row[] {
  if (Array.isArray(parsed)) return parsed.filter((row) => row && typeof row === 'object') as Row[];
  throw new Error('A JSON table must be an array of objects.');
}

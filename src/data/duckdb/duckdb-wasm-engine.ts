// The DataEngine in the page: DuckDB-WASM in a worker, started on first use.
import { ROW_CAPS } from '../../config/row-caps';
import { replaceUnicodeSpaces, unicodeSpaceRuleSets } from '../../sql/unicode-spaces';
import { describeTable, listTablesSql } from '../describe-table';
import {
  KEPT_RESULTS_SCHEMA,
  keepResultSql,
  keptResultTable,
  resultPageSql,
} from '../kept-result-sql';
import { forgetLoad, loadOnce } from '../load-once';
import { finishGuardedQuery, guardQuery } from '../query-errors';
import { dataHostFetch } from '../remote/data-host-fetch';
import { dataHostUrl } from '../remote/data-host-url';
import { fetchTableBytes } from '../remote/fetch-table-bytes';
import { csvHeadReader, RemoteCsvTables } from '../remote/remote-csv-tables';
import { RemoteParquetTables } from '../remote/remote-parquet-tables';
import { quoteIdentifier, quoteLiteral } from '../sql-identifier';
import { bytesOfData, readCsvFile } from '../upload-files/read-csv-file';
import {
  attachUploadsSql,
  dropTableOrUpload,
  holdsCompressed,
} from '../upload-files/uploads-database';
import { decodeToArrowIpc } from '../workers/decode-table-file';
import { columnsOfSchema, rowsOfBatch } from './arrow-rows';
import { KeptResults } from './kept-results';
import { readTablePoints } from './read-table-points';
import { statementCount } from './statement-count';
import { notAQuery, withoutDuckDbWrapping } from './wasm-query-errors';
import type { SqlStatementReading } from '../../sql/sql-guard';
import type {
  DataEngine,
  PointSource,
  KeptPage,
  KeptPageRequest,
  LoadOptions,
  QueryOptions,
  QueryResult,
  Row,
  TableDescription,
  TablePoints,
  TableSource,
} from '../data-engine';
import type { WasmConnection, WasmDatabase, WasmRuntime } from '../duckdb-wasm-types';

/** Options of the WASM engine. */
export interface DuckDbWasmEngineOptions {
  /** Where DuckDB and parquet-wasm come from; the page's bundled files by default. */
  runtime?: WasmRuntime;
  /** Fetches table files given by URL (injectable for tests). */
  fetch?: typeof fetch;
  /** Default row limit of a query when the caller gives none. */
  defaultMaxRows?: number;
  /**
   * Origins (`https://data.example.org`) whose files queries may read. DuckDB reaches no other host and
   * no file but the page's own uploads.
   */
  allowedHosts?: string[];
  /** Keep what queries change (a writable embedded server); every query is rolled back by default. */
  allowWrites?: boolean;
  /** A CSV or TSV larger than this is held compressed (uploads-database.ts); default 128 MiB. */
  compressAboveBytes?: number;
  /**
   * The page's address: a Parquet, CSV or TSV file on another origin is read by range rather than
   * whole. The page's location by default; without one, every file is downloaded whole.
   */
  pageUrl?: string;
}

// Uploaded CSV and TSV files are registered here for DuckDB's reader, the only place it may read.
const uploadFolder = '/mapwright-uploads/';

/** Refused by query(): SQL that DuckDB reads as more than one statement. */
export class MultipleStatementsError extends Error {
  override readonly name = 'MultipleStatementsError';
  constructor(count: number) {
    super(`DuckDB reads ${count} statements here; a query runs one statement at a time.`);
  }
}

/**
 * DuckDB-WASM behind the DataEngine interface. Nothing loads until the first call. DuckDB starts with
 * file and network access off (but for the page's uploads and the allowed hosts) and its configuration
 * locked; every query runs alone, inside a transaction that is always rolled back.
 */
export class DuckDbWasmEngine implements DataEngine {
  private database?: Promise<WasmDatabase>;
  private readonly loads = new Map<string, Promise<void>>();
  private fileCounter = 0;
  private readonly kept = new KeptResults();
  /** Settles once the schema of kept results exists. */
  private keptSchema: Promise<void> | undefined;
  private remote?: RemoteParquetTables;
  private remoteCsv?: RemoteCsvTables;

  constructor(private readonly options: DuckDbWasmEngineOptions = {}) {}

  /** True once DuckDB has been asked to start. */
  get started(): boolean {
    return this.database !== undefined;
  }

  load(source: TableSource, options: LoadOptions = {}): Promise<void> {
    return loadOnce(this.loads, source.table, () => this.loadTable(source, options));
  }

  async listTables(): Promise<string[]> {
    const rows = await this.queryRows(listTablesSql);
    return rows.map((row) => String(row.table_name));
  }

  describe(table: string): Promise<TableDescription> {
    return describeTable(table, (sql) => this.queryRows(sql));
  }

  /**
   * How DuckDB reads SQL, without running it: the statements its own scanner separates, confirmed by
   * preparing the SQL (DuckDB-WASM prepares one statement only). DuckDB-WASM cannot tell statement types.
   */
  async readStatements(sql: string): Promise<SqlStatementReading> {
    const database = await this.ready();
    const count = await scannedStatementCount(database, sql);
    if (count !== 1) return { statementCount: count };
    const connection = await database.connect();
    try {
      await (await connection.prepare(sql)).close();
    } catch (error) {
      if (/multiple statements/i.test(error instanceof Error ? error.message : '')) {
        return { statementCount: 2 };
      }
      // Preparing binds, and binding read_csv reads its URL: a refused read fails here first.
      throw withoutDuckDbWrapping(error);
    } finally {
      void connection.close().catch(() => {});
    }
    return { statementCount: 1 };
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const started = performance.now();
    const maxRows = options.maxRows ?? this.options.defaultMaxRows ?? ROW_CAPS.perQueryDefault;
    const database = await this.ready();
    // One statement only: a second one could end the transaction below and write after it.
    const count = await scannedStatementCount(database, sql);
    if (count > 1) throw new MultipleStatementsError(count);
    // A remote Parquet table's columns the query reads are fetched first, outside its transaction.
    await this.remote?.prepare(sql);
    await this.remoteCsv?.prepare(sql);
    if (options.keepAs !== undefined && (await this.keep(database, sql, options.keepAs, options))) {
      const first = await this.query(resultPageSql(options.keepAs, [], {}, 0, maxRows), {
        ...options,
        keepAs: undefined,
        maxRows,
      });
      const { totalRows } = await this.keptResultPage(options.keepAs, {
        view: {},
        offset: 0,
        limit: 0,
      });
      return {
        ...first,
        totalRows,
        truncated: totalRows > first.rows.length,
        elapsedMs: performance.now() - started,
        kept: true,
      };
    }
    const connection = await database.connect();
    const guard = guardQuery(options, () => {
      void connection.cancelSent().catch(() => false);
    });
    try {
      // Whatever the statement changes is rolled back when the query ends.
      if (!this.options.allowWrites) await connection.query('BEGIN TRANSACTION');
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
    } catch (error) {
      throw withoutDuckDbWrapping(error);
    } finally {
      guard.dispose();
      const rolledBack = this.options.allowWrites
        ? Promise.resolve()
        : connection.query('ROLLBACK').catch(() => undefined);
      void rolledBack.finally(() => connection.close().catch(() => {}));
    }
  }

  /** A table's points as typed arrays (src/data/duckdb/read-table-points.ts). */
  async readPoints(
    source: PointSource,
    options: { signal?: AbortSignal } = {},
  ): Promise<TablePoints> {
    const database = await this.ready();
    await this.remote?.fetchAll(source.table);
    await this.remoteCsv?.loadWhole(source.table);
    const connection = await database.connect();
    try {
      return await readTablePoints(connection, source, options.signal);
    } catch (error) {
      throw withoutDuckDbWrapping(error);
    } finally {
      void connection.close().catch(() => {});
    }
  }

  hasKeptResult(resultId: string): boolean {
    return this.kept.has(resultId);
  }

  keptResultPage(resultId: string, request: KeptPageRequest): Promise<KeptPage> {
    return this.kept.page(resultId, request, (sql, maxRows) => this.query(sql, { maxRows }));
  }

  /**
   * Keeps the whole result of `sql` (one statement, checked by the caller's guard) as a table, in a
   * transaction that commits only that table. False when DuckDB reads the statement as no query
   * (EXPLAIN, SHOW, a write): the caller runs it as usual, rolled back.
   */
  private async keep(
    database: WasmDatabase,
    sql: string,
    resultId: string,
    options: QueryOptions,
  ): Promise<boolean> {
    const connection = await database.connect();
    const guard = guardQuery(options, () => {
      void connection.cancelSent().catch(() => false);
    });
    const started = performance.now();
    try {
      // Created once, outside the transactions: two calls approved together keep their results at
      // the same time, and two transactions creating the schema conflict (the second query failed).
      this.keptSchema ??= connection
        .query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(KEPT_RESULTS_SCHEMA)}`)
        .then(
          () => undefined,
          (error: unknown) => {
            this.keptSchema = undefined;
            throw error;
          },
        );
      await this.keptSchema;
      await connection.query('BEGIN TRANSACTION');
      await connection.query(`DROP TABLE IF EXISTS ${keptResultTable(resultId)}`);
      const work = async () => {
        const reader = await connection.send(keepResultSql(resultId, sql), true);
        await reader.open();
        for await (const _batch of reader) guard.throwIfStopped();
        return { columns: [], rows: [], totalRows: 0 };
      };
      await finishGuardedQuery(work(), guard, started);
      const columns = await connection.query(`SELECT * FROM ${keptResultTable(resultId)} LIMIT 0`);
      await connection.query('COMMIT');
      for (const dropped of this.kept.add(
        resultId,
        columns.schema.fields.map((field) => field.name),
      ))
        await connection.query(`DROP TABLE IF EXISTS ${keptResultTable(dropped)}`);
      return true;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      if (notAQuery(error)) return false;
      throw withoutDuckDbWrapping(error);
    } finally {
      guard.dispose();
      void connection.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const database = this.database;
    this.database = undefined;
    this.loads.clear();
    this.kept.clear();
    this.keptSchema = undefined;
    this.remote = undefined;
    this.remoteCsv = undefined;
    if (database) await (await database).terminate();
  }

  private ready(): Promise<WasmDatabase> {
    if (!this.database) {
      this.database = this.runtime().then(async (runtime) => {
        const database = await runtime.openDatabase({ allowedOrigins: this.allowedOrigins() });
        await this.lockDown(database);
        return database;
      });
      this.database.catch(() => {
        this.database = undefined;
      });
    }
    return this.database;
  }

  // No extension downloads (offline they fail and can break DuckDB), no files but uploads, no hosts but
  // the allowed ones, and a locked configuration so no query can change any of that.
  private async lockDown(database: WasmDatabase): Promise<void> {
    const hosts = this.allowedOrigins().map((origin) => `${origin}/`);
    const allowed = [uploadFolder, ...hosts].map(quoteLiteral).join(', ');
    const connection = await database.connect();
    try {
      await connection.query(attachUploadsSql);
      await connection.query('SET autoinstall_known_extensions = false');
      await connection.query('SET autoload_known_extensions = false');
      await connection.query(`SET allowed_directories = [${allowed}]`);
      await connection.query('SET enable_external_access = false');
      await connection.query('SET lock_configuration = true');
    } finally {
      await connection.close();
    }
  }

  /** The fetch for table files, refusing an answer redirected off the data hosts (data-host-fetch). */
  private dataFetch(): typeof fetch {
    return dataHostFetch(this.options.fetch ?? globalThis.fetch.bind(globalThis), {
      allowedHosts: this.allowedOrigins(),
      ...(this.options.pageUrl === undefined ? {} : { pageUrl: this.options.pageUrl }),
    });
  }

  private allowedOrigins(): string[] {
    return (this.options.allowedHosts ?? []).map((host) => new URL(host).origin);
  }

  private async runtime(): Promise<WasmRuntime> {
    if (this.options.runtime) return this.options.runtime;
    return (await import('./duckdb-wasm-browser')).browserWasmRuntime;
  }

  private async queryRows(sql: string): Promise<Row[]> {
    return (await this.query(sql, { maxRows: Number.MAX_SAFE_INTEGER })).rows;
  }

  private async loadTable(source: TableSource, options: LoadOptions): Promise<void> {
    options.signal?.throwIfAborted();
    // A table loaded again (another file under its name) is no longer a remote file's view.
    await this.remote?.drop(source.table);
    this.remoteCsv?.forget(source.table);
    if ((await this.loadRemoteParquet(source)) || (await this.loadRemoteCsv(source))) {
      mark(`mapwright:table-loaded:${source.table}`);
      return;
    }
    const data =
      source.file ??
      (await fetchTableBytes(source, this.dataFetch(), {
        ...(options.signal ? { signal: options.signal } : {}),
      }));
    const database = await this.ready();
    const connection = await database.connect();
    try {
      await this.insert(database, connection, source, data, options);
      mark(`mapwright:table-loaded:${source.table}`);
    } finally {
      await connection.close();
    }
  }

  /**
   * A Parquet file on a data host (data.allowedHosts, not the page's origin), read by range where the
   * runtime can: only its footer now, its columns as queries need them. False when the table loads
   * the usual way.
   */
  private async loadRemoteParquet(source: TableSource): Promise<boolean> {
    if (source.format !== 'parquet') return false;
    const read = (await this.runtime()).readRemoteParquet;
    const url = dataHostUrl(source, this.options);
    if (!read || !url) return false;
    const database = await this.ready();
    this.remote ??= new RemoteParquetTables(
      (file, columns, rowGroups) => read(file, this.allowedOrigins(), columns, rowGroups),
      () => database.connect(),
    );
    const connection = await database.connect();
    try {
      await dropTableOrUpload(connection, source.table);
    } finally {
      await connection.close();
    }
    await this.remote.register(source.table, url.href);
    return true;
  }

  /**
   * A CSV or TSV on a data host, read from its head while queries need only that (remote-csv-tables).
   * False when the table loads the usual way.
   */
  private async loadRemoteCsv(source: TableSource): Promise<boolean> {
    const url = dataHostUrl(source, this.options);
    if ((source.format !== 'csv' && source.format !== 'tsv') || !url) return false;
    const database = await this.ready();
    this.remoteCsv ??= new RemoteCsvTables(
      csvHeadReader(this.dataFetch()),
      async (table, format, bytes) => {
        const connection = await database.connect();
        try {
          await this.insert(database, connection, { table, format }, bytes, {});
          const counted = await connection.query(
            `SELECT count(*) AS n FROM ${quoteIdentifier(table)}`,
          );
          return { rows: Number(counted.toArray()[0]?.n ?? 0) };
        } finally {
          await connection.close();
        }
      },
    );
    await this.remoteCsv.register(source.table, url.href, source.format);
    return true;
  }

  private async insert(
    database: WasmDatabase,
    connection: WasmConnection,
    source: TableSource,
    data: Uint8Array | Blob,
    options: LoadOptions,
  ): Promise<void> {
    const table = source.table;
    await dropTableOrUpload(connection, table);
    switch (source.format) {
      case 'csv':
      case 'tsv':
        return readCsvFile(database, connection, {
          table,
          format: source.format,
          data,
          fileName: `${uploadFolder}${++this.fileCounter}.${source.format}`,
          compressed: holdsCompressed(data, this.options),
          ...options,
        });
      case 'parquet': {
        const ipc = await (await this.runtime()).parquetToArrowIpc(data);
        await connection.insertArrowFromIPCStream(ipc, { name: table, create: true });
        return;
      }
      case 'arrow':
      case 'geojson':
      case 'json': {
        const runtime = await this.runtime();
        const ipc = runtime.decodeToArrowIpc
          ? await runtime.decodeToArrowIpc(source.format, table, data)
          : decodeToArrowIpc(source.format, table, await bytesOfData(data));
        await connection.insertArrowFromIPCStream(ipc, { name: table, create: true });
        return;
      }
    }
  }

  async drop(table: string): Promise<void> {
    await forgetLoad(this.loads, table);
    if (!this.database) return;
    await this.remote?.drop(table);
    this.remoteCsv?.forget(table);
    const connection = await (await this.ready()).connect();
    try {
      await dropTableOrUpload(connection, table);
    } finally {
      await connection.close();
    }
  }
}

// DuckDB's parser turns Unicode spaces into plain ones before it scans (its tokenize() does not): scan
// what the parser scans, under each version's rules for that, and keep the highest count.
async function scannedStatementCount(database: WasmDatabase, sql: string): Promise<number> {
  let count = 0;
  for (const rules of unicodeSpaceRuleSets(sql)) {
    const scanned = replaceUnicodeSpaces(sql, rules);
    count = Math.max(count, statementCount(scanned, await database.tokenize(scanned)));
  }
  return count;
}

// Milestones for the boot bench; Node has performance.mark too, but not every test runtime does.
function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}

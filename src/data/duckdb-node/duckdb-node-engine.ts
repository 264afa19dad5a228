// The DataEngine in Node: native DuckDB (@duckdb/node-api). Never imported by browser code.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DuckDBInstance,
  JSDuckDBValueConverter,
  StatementType,
  type DuckDBConnection,
  type DuckDBDataChunk,
} from '@duckdb/node-api';
import { ROW_CAPS } from '../../config/row-caps';
import { csvReadOptions } from '../csv-read-options';
import { describeTable, listTablesSql } from '../describe-table';
import { geojsonToRows, normaliseRows } from '../geojson-rows';
import { readNdjsonSql, rowsToNdjson } from '../json-rows-sql';
import { forgetLoad, loadOnce } from '../load-once';
import { toPlainRow } from '../plain-value';
import { finishGuardedQuery, guardQuery, type QueryGuard, type QueryRows } from '../query-errors';
import { quoteIdentifier, quoteLiteral } from '../sql-identifier';
import { arrowToParquet } from './arrow-to-parquet';
import type { SqlStatementReading } from '../../sql/sql-guard';
import type {
  DataEngine,
  QueryOptions,
  QueryResult,
  Row,
  TableDescription,
  TableSource,
} from '../data-engine';

/** Options of the Node engine. */
export interface DuckDbNodeEngineOptions {
  /** A database file; by default a file in a temporary folder, removed on close. */
  path?: string;
  defaultMaxRows?: number;
}

/** What lockDown leaves writable. */
export interface LockDownOptions {
  /** Keep the tables writable (a server started with --writable); read-only by default. */
  allowWrites?: boolean;
}

/**
 * Native DuckDB behind the DataEngine interface. Tables load into a database file; `lockDown()` then
 * reopens that file read-only, with file and network access off and the configuration locked.
 */
export class DuckDbNodeEngine implements DataEngine {
  private instance?: Promise<DuckDBInstance>;
  private readonly loads = new Map<string, Promise<void>>();
  private lockedDown = false;
  private readOnly = false;
  private scratchFolder?: Promise<string>;
  /** Connections in use and the work on them: close() interrupts the one and waits for the other. */
  private readonly openConnections = new Set<DuckDBConnection>();
  private readonly working = new Set<Promise<unknown>>();
  /** Counts close() calls: work that began before one and connects after it is given up, not run. */
  private closings = 0;

  constructor(private readonly options: DuckDbNodeEngineOptions = {}) {}

  /**
   * Makes the database read-only (unless `allowWrites`), turns off DuckDB's access to files and the
   * network, and locks its configuration so no query can turn either back on: `UPDATE` fails, and so does
   * `SELECT * FROM read_csv('/etc/passwd')`. Call it once every table is loaded; loading afterwards fails.
   * Says whether the configuration lock took (older DuckDB lacks it).
   */
  async lockDown(options: LockDownOptions = {}): Promise<{ configurationLocked: boolean }> {
    while (this.working.size > 0) await Promise.allSettled([...this.working]);
    if (!this.lockedDown) {
      // Everything loaded is written to the file, then the loading instance is closed for good.
      const instance = await this.ready();
      const connection = await instance.connect();
      try {
        await connection.run('CHECKPOINT');
      } finally {
        connection.closeSync();
      }
      this.instance = undefined;
      instance.closeSync();
    }
    this.lockedDown = true;
    this.readOnly = options.allowWrites !== true;
    // Reopened with the lock-down settings at start-up, so no query ever runs on the loading instance.
    if (this.instance) {
      const previous = await this.instance;
      this.instance = undefined;
      previous.closeSync();
    }
    const connection = await (await this.ready()).connect();
    try {
      const locked = await connection.runAndReadAll(
        "SELECT current_setting('lock_configuration') AS locked",
      );
      return { configurationLocked: locked.getRows()[0]?.[0] === true };
    } finally {
      connection.closeSync();
    }
  }

  /**
   * How DuckDB reads SQL, without running it: how many statements it extracts and, for a single one,
   * its type from preparing it (preparing binds, so a missing table or a refused file fails here).
   */
  readStatements(sql: string): Promise<SqlStatementReading> {
    return this.withConnection(async (connection) => {
      const extracted = await connection.extractStatements(sql);
      if (extracted.count !== 1) return { statementCount: extracted.count };
      const prepared = await extracted.prepare(0);
      try {
        return { statementTypes: [StatementType[prepared.statementType] ?? 'UNKNOWN'] };
      } finally {
        prepared.destroySync();
      }
    });
  }

  load(source: TableSource): Promise<void> {
    if (this.lockedDown) {
      return Promise.reject(
        new Error(
          `Cannot load ${source.table}: file access was turned off after loading. Load every table first.`,
        ),
      );
    }
    return loadOnce(this.loads, source.table, () => this.loadTable(source));
  }

  async listTables(): Promise<string[]> {
    return (await this.queryRows(listTablesSql)).map((row) => String(row.table_name));
  }

  describe(table: string): Promise<TableDescription> {
    return describeTable(table, (sql) => this.queryRows(sql));
  }

  query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const started = performance.now();
    const maxRows = options.maxRows ?? this.options.defaultMaxRows ?? ROW_CAPS.perQueryDefault;
    return this.withConnection(async (connection) => {
      const guard = guardQuery(options, () => connection.interrupt());
      const work = streamRows(connection, sql, maxRows, guard);
      try {
        return await finishGuardedQuery(work, guard, started);
      } finally {
        guard.dispose();
        // A stopped query can still be running in one of Node's four worker threads. Closing its connection
        // then would lose the interrupt and keep that thread busy for minutes, so the caller's answer (and
        // its concurrency slot) waits until DuckDB has really let the query go, usually a few milliseconds.
        await interruptUntilSettled(work, () => connection.interrupt());
      }
    });
  }

  /**
   * Closes the database once nothing runs on it: queries under way are interrupted, and loads, queries
   * and drops are waited for. Closing an instance while a statement runs on one of its connections can
   * crash the native library (a load that the caller never awaited, such as an upload's, is enough).
   */
  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    this.closings += 1;
    // Interrupted again until all work settles: an interrupt that lands between a connection opening
    // and its query starting is lost, and the query would run to its end.
    while (this.working.size > 0) {
      for (const connection of this.openConnections) connection.interrupt();
      await Promise.race([
        Promise.allSettled([...this.working]),
        new Promise((resolve) => setTimeout(resolve, reinterruptEveryMs)),
      ]);
    }
    this.loads.clear();
    if (instance) (await instance.catch(() => undefined))?.closeSync();
    await this.removeScratchFolder();
  }

  /** Runs `use` on a connection of its own, closed after it; close() waits for it. */
  private withConnection<T>(use: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const closings = this.closings;
    const work = (async () => {
      const connection = await (await this.ready()).connect();
      // close() came while the database was still opening: nothing was there to interrupt, so the
      // work stops here instead of running to its end (a long query would hold close() that long).
      if (this.closings !== closings) {
        connection.closeSync();
        throw new Error('The query was interrupted: the database was closed.');
      }
      this.openConnections.add(connection);
      try {
        return await use(connection);
      } finally {
        this.openConnections.delete(connection);
        connection.closeSync();
      }
    })();
    // Tracked settled either way, so a failure is the caller's to handle and never an unhandled rejection.
    const tracked: Promise<void> = work.then(settle, settle).then(() => {
      this.working.delete(tracked);
    });
    this.working.add(tracked);
    return work;
  }

  private ready(): Promise<DuckDBInstance> {
    // A database reopened after close() keeps the lock-down it had.
    this.instance ??= this.databasePath().then((path) =>
      DuckDBInstance.create(path, {
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
        ...(this.readOnly ? { access_mode: 'READ_ONLY' } : {}),
        ...(this.lockedDown ? { enable_external_access: 'false', lock_configuration: 'true' } : {}),
      }),
    );
    return this.instance;
  }

  // The database file: the one given, or one in a temporary folder (so it can be reopened read-only).
  private async databasePath(): Promise<string> {
    if (this.options.path) return this.options.path;
    this.scratchFolder ??= mkdtemp(join(tmpdir(), 'mapwright-db-'));
    return join(await this.scratchFolder, 'tables.duckdb');
  }

  private async removeScratchFolder(): Promise<void> {
    const folder = this.scratchFolder;
    this.scratchFolder = undefined;
    // DuckDB's threads may still be letting go of a spill or WAL file as it closes: retry a busy folder.
    if (folder)
      await rm(await folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  private async queryRows(sql: string): Promise<Row[]> {
    return (await this.query(sql, { maxRows: Number.MAX_SAFE_INTEGER })).rows;
  }

  private loadTable(source: TableSource): Promise<void> {
    return this.withConnection(async (connection) => {
      const scratch = await mkdtemp(join(tmpdir(), 'mapwright-'));
      try {
        const path = await this.fileOf(source, scratch);
        await connection.run(`DROP TABLE IF EXISTS ${quoteIdentifier(source.table)}`);
        await connection.run(
          `CREATE TABLE ${quoteIdentifier(source.table)} AS SELECT * FROM ${await readerSql(source, path, scratch)}`,
        );
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    });
  }

  private async fileOf(source: TableSource, scratch: string): Promise<string> {
    const bytes = source.bytes ?? (source.file && new Uint8Array(await source.file.arrayBuffer()));
    if (bytes) {
      const path = join(scratch, `upload.${source.format}`);
      await writeFile(path, bytes);
      return path;
    }
    if (!source.url) throw new Error(`Table ${source.table} has neither a path nor bytes to load.`);
    return source.url;
  }

  async drop(table: string): Promise<void> {
    await forgetLoad(this.loads, table);
    if (!this.instance) return;
    await this.withConnection((connection) =>
      connection.run(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`),
    );
  }
}

async function readerSql(source: TableSource, path: string, scratch: string): Promise<string> {
  const file = quoteLiteral(path);
  switch (source.format) {
    case 'csv':
    case 'tsv':
      return `read_csv(${file}${csvReadOptions(source.format)})`;
    case 'parquet':
      return `read_parquet(${file})`;
    case 'json':
      return `read_json(${file})`;
    case 'arrow': {
      const parquet = join(scratch, 'arrow.parquet');
      await writeFile(parquet, arrowToParquet(await readFile(path)));
      return `read_parquet(${quoteLiteral(parquet)})`;
    }
    case 'geojson': {
      const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
      const normalised = normaliseRows(geojsonToRows(parsed));
      const lines = join(scratch, 'features.ndjson');
      await writeFile(lines, rowsToNdjson(normalised));
      return readNdjsonSql(lines, normalised);
    }
  }
}

function rowsOfChunk(chunk: DuckDBDataChunk, names: string[], limit: number): Row[] {
  const columns = chunk.convertColumns(JSDuckDBValueConverter);
  const count = Math.min(limit, chunk.rowCount);
  const rows: Row[] = [];
  for (let rowIndex = 0; rowIndex < count; rowIndex++) {
    const row: Row = {};
    names.forEach((name, columnIndex) => {
      row[name] = columns[columnIndex]?.[rowIndex] ?? null;
    });
    rows.push(toPlainRow(row));
  }
  return rows;
}

/** Streams a query's result, keeping at most `maxRows` rows and counting the rest. */
async function streamRows(
  connection: DuckDBConnection,
  sql: string,
  maxRows: number,
  guard: QueryGuard,
): Promise<QueryRows> {
  guard.throwIfStopped();
  const result = await connection.stream(sql);
  const names = result.columnNames();
  const columns = names.map((name, index) => ({
    name,
    type: String(result.columnTypes()[index]),
  }));
  const rows: Row[] = [];
  let totalRows = 0;
  for (;;) {
    guard.throwIfStopped();
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    if (rows.length < maxRows) {
      rows.push(...rowsOfChunk(chunk, names, maxRows - rows.length));
    }
    totalRows += chunk.rowCount;
  }
  return { columns, rows, totalRows };
}

const settle = (): void => undefined;

/** How often a stopped query is interrupted again until DuckDB gives it up. */
const reinterruptEveryMs = 25;

/**
 * Waits until `work` settles, interrupting it again and again meanwhile: DuckDB clears a connection's
 * interrupt when a statement begins, so an interrupt that lands while the statement is still being
 * prepared or waits for a worker thread is lost, and only a later one stops it.
 */
async function interruptUntilSettled(work: Promise<unknown>, interrupt: () => void): Promise<void> {
  // Work that already settled (the query finished or failed on its own) ends the wait before the first tick.
  const timer = setInterval(interrupt, reinterruptEveryMs);
  try {
    await work.catch(() => {});
  } finally {
    clearInterval(timer);
  }
}

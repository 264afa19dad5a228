// Defers the real engine (and DuckDB's download) until the first call that needs data. Once it runs,
// the declared tables load one after another in the background, and each call waits only for the tables
// it names, which go to the front of the line: DuckDB-WASM takes one request at a time, so a question
// about airports must not queue behind a 3M-row table that nobody asked for yet.
import { errorMessage } from '../errors/error-message';
import { tokenizeSql } from '../sql/sql-tokens';
import { TableLoadFailedError } from './query-errors';
import type { SqlStatementReading } from '../sql/sql-guard';
import type {
  DataEngine,
  PointSource,
  KeptPage,
  KeptPageRequest,
  LoadOptions,
  QueryOptions,
  QueryResult,
  TableDescription,
  TableLoadFailure,
  TablePoints,
  TableSource,
} from './data-engine';

export type { TableLoadFailure } from './data-engine';

/** Options of the lazy engine. */
export interface LazyDataEngineOptions {
  /** Told once per failed load of a declared table, so the app can warn the person. */
  onLoadFailure?: (failure: TableLoadFailure) => void;
}

// DuckDB's words for a missing table: `Table with name earthquakes does not exist!`.
const missingTable = /Table with name "?([^"\s!]+)"? does not exist/i;

/** Wraps an engine factory: declared tables load when the engine first starts. */
export class LazyDataEngine implements DataEngine {
  private engine?: Promise<DataEngine>;
  /** The engine once created, for the questions answered without waiting (a kept result). */
  private created?: DataEngine;
  private readonly declared: TableSource[] = [];
  private readonly failures = new Map<string, string>();
  /** Each declared table's load (settled, failed or not), by lower-case name, once the engine runs. */
  private readonly loads = new Map<string, Promise<void>>();
  /** Declared tables not yet loading, in the order they will load. */
  private waiting: Array<{ source: TableSource; start: () => void }> = [];
  /** True while a table loads; the next one starts when it settles. */
  private loading = false;
  /** True once the engine exists: loads start then, after the first call has put its tables first. */
  private running = false;
  /** Failed tables loading again (lower case), so calls waiting together start one load. */
  private readonly retrying = new Set<string>();

  constructor(
    private readonly create: () => Promise<DataEngine> | DataEngine,
    sources: TableSource[] = [],
    private readonly options: LazyDataEngineOptions = {},
  ) {
    this.declared.push(...sources);
  }

  /** True once the real engine has been created. */
  get started(): boolean {
    return this.engine !== undefined;
  }

  /** Adds a table that loads with the others on first use (or now, if the engine already runs). */
  declare(source: TableSource): void {
    this.declared.push(source);
    if (this.engine) this.startLoad(this.engine, source);
  }

  /** Tables that failed to load, so list_tables and the UI can say why a table is missing. */
  loadFailures(): TableLoadFailure[] {
    return [...this.failures].map(([table, message]) => ({ table, message }));
  }

  async load(source: TableSource, options?: LoadOptions): Promise<void> {
    await (await this.ready()).load(source, options);
    this.failures.delete(source.table);
  }

  async listTables(): Promise<string[]> {
    // Nothing declared and not started: no table can exist, and DuckDB (a 34 MB module, seconds of CPU)
    // is not started to say so. A publisher's app with no dataset (its data behind an MCP server, say)
    // starts it only for an upload or a query.
    if (!this.engine && this.declared.length === 0) return [];
    const engine = await this.ready();
    await Promise.all(this.loads.values());
    return engine.listTables();
  }

  async describe(table: string): Promise<TableDescription> {
    const engine = await this.readyWith([table]);
    const failure = this.failureOf(table);
    if (failure) throw new TableLoadFailedError(failure.table, failure.message);
    return engine.describe(table);
  }

  async query(sql: string, options?: QueryOptions): Promise<QueryResult> {
    const engine = await this.readyWith(sql);
    try {
      return await engine.query(sql, options);
    } catch (error) {
      throw this.withLoadFailure(error);
    }
  }

  /** DuckDB's reading of SQL, from the real engine; fails when that engine cannot read SQL. */
  async readStatements(sql: string): Promise<SqlStatementReading> {
    // DuckDB binds the statement to its tables to read it, so those must be there.
    const engine = await this.readyWith(sql);
    if (!engine.readStatements) {
      throw new Error(
        'This data engine cannot tell how DuckDB reads SQL, so the query was not run.',
      );
    }
    try {
      return await engine.readStatements(sql);
    } catch (error) {
      throw this.withLoadFailure(error);
    }
  }

  /**
   * The table's points, once it is loaded; fails when the engine cannot read points. Unlike a query,
   * a table that was loaded rather than declared (a new upload's) waits for no declared table: the
   * bundled ones (a 3M-row Parquet file among them) held a million points back by 15 s.
   */
  async readPoints(source: PointSource, options?: { signal?: AbortSignal }): Promise<TablePoints> {
    const engine = await this.ready();
    this.prioritise([source.table]);
    await this.loads.get(source.table.toLowerCase());
    if (!engine.readPoints) throw new Error('This data engine cannot read points for the map.');
    try {
      return await engine.readPoints(source, options);
    } catch (error) {
      throw this.withLoadFailure(error);
    }
  }

  hasKeptResult(resultId: string): boolean {
    return this.created?.hasKeptResult?.(resultId) ?? false;
  }

  async keptResultPage(resultId: string, request: KeptPageRequest): Promise<KeptPage> {
    const engine = await this.ready();
    if (!engine.keptResultPage)
      throw new Error('This data engine keeps no results: run the query again.');
    return engine.keptResultPage(resultId, request);
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    this.created = undefined;
    if (engine) await (await engine).close();
  }

  // "Table does not exist" hides the real problem when the table was declared but failed to load.
  private withLoadFailure(error: unknown): unknown {
    const name = missingTable.exec(error instanceof Error ? error.message : '')?.[1];
    const failure = name === undefined ? undefined : this.failureOf(name);
    return failure ? new TableLoadFailedError(failure.table, failure.message) : error;
  }

  private failureOf(table: string): TableLoadFailure | undefined {
    const wanted = table.toLowerCase();
    return this.loadFailures().find((failure) => failure.table.toLowerCase() === wanted);
  }

  /** The running engine; the first call creates it and starts loading every declared table. */
  private ready(): Promise<DataEngine> {
    if (!this.engine) {
      const engine = Promise.resolve().then(() => this.create());
      this.engine = engine;
      this.loads.clear();
      this.waiting = [];
      this.loading = false;
      this.running = false;
      for (const source of this.declared) this.startLoad(engine, source);
      engine.then(
        (created) => {
          if (this.engine !== engine) return;
          this.created = created;
          this.running = true;
          this.loadNext();
        },
        () => {
          if (this.engine === engine) this.engine = undefined;
        },
      );
    }
    return this.engine;
  }

  /** Puts a table in line to load; its promise settles once it has loaded or failed. */
  private startLoad(engine: Promise<DataEngine>, source: TableSource): void {
    let start = () => {};
    const load = new Promise<void>((resolve) => {
      start = () => {
        void engine
          .then(
            (running) => this.loadQuietly(running, source),
            () => {},
          )
          .then(() => {
            this.retrying.delete(source.table.toLowerCase());
            resolve();
            this.loading = false;
            this.loadNext();
          });
      };
    });
    this.loads.set(source.table.toLowerCase(), load);
    this.waiting.push({ source, start });
    this.loadNext();
  }

  private loadNext(): void {
    if (this.loading || !this.running) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.loading = true;
    next.start();
  }

  /** Moves these tables to the front of the line (those not loading yet), in the order given. */
  private prioritise(tables: string[]): void {
    const wanted = new Set(tables.map((table) => table.toLowerCase()));
    const first = this.waiting.filter((entry) => wanted.has(entry.source.table.toLowerCase()));
    const rest = this.waiting.filter((entry) => !wanted.has(entry.source.table.toLowerCase()));
    this.waiting = [...first, ...rest];
  }

  /**
   * The engine once the tables a call needs are loaded: the tables `sql` names, or those given. They go
   * to the front of the line before the engine starts, so they load first.
   */
  private async readyWith(need: string | string[]): Promise<DataEngine> {
    const engine = this.ready();
    const tables = typeof need === 'string' ? this.namedTables(need) : need;
    this.prioritise(tables);
    const running = await engine;
    this.retryFailed(engine, tables);
    await this.loaded(tables);
    return running;
  }

  /**
   * Puts the failed ones among these declared tables in line to load again: a load that failed for a
   * passing reason (its retries spent on a busy machine) is tried once more when a call needs it,
   * rather than leaving the table out for the rest of the visit.
   */
  private retryFailed(engine: Promise<DataEngine>, tables: string[]): void {
    for (const table of tables) {
      const failure = this.failureOf(table);
      const source = this.declared.find(
        (candidate) => candidate.table.toLowerCase() === table.toLowerCase(),
      );
      const key = table.toLowerCase();
      if (!failure || !source || this.retrying.has(key)) continue;
      this.retrying.add(key);
      this.startLoad(engine, source);
    }
  }

  /**
   * Waits for the loads of these tables; when none of them is declared (a query of DuckDB's catalog,
   * or of no table), for every load, as the engine's whole contents may matter.
   */
  private async loaded(tables: string[]): Promise<void> {
    this.prioritise(tables);
    const named = tables
      .map((table) => this.loads.get(table.toLowerCase()))
      .filter((load): load is Promise<void> => load !== undefined);
    await Promise.all(named.length > 0 ? named : this.loads.values());
  }

  /** The declared tables whose names appear as identifiers in the SQL. */
  private namedTables(sql: string): string[] {
    const names = new Set<string>();
    let tokens;
    try {
      tokens = tokenizeSql(sql);
    } catch {
      return [];
    }
    for (const token of tokens) {
      if (token.kind !== 'word' && token.kind !== 'quoted-identifier') continue;
      const name = token.value.toLowerCase();
      if (this.loads.has(name)) names.add(name);
    }
    return [...names];
  }

  private async loadQuietly(engine: DataEngine, source: TableSource): Promise<void> {
    try {
      await engine.load(source);
      this.failures.delete(source.table);
    } catch (error) {
      const message = errorMessage(error);
      this.failures.set(source.table, message);
      this.options.onLoadFailure?.({ table: source.table, message });
    }
  }

  async drop(table: string): Promise<void> {
    // A dropped table is no longer declared: it must not come back when the engine starts.
    for (let index = this.declared.length - 1; index >= 0; index -= 1)
      if (this.declared[index]?.table === table) this.declared.splice(index, 1);
    this.failures.delete(table);
    this.loads.delete(table.toLowerCase());
    this.waiting = this.waiting.filter((entry) => entry.source.table !== table);
    // An engine that never started (or failed to) holds no table to drop.
    const engine = await this.engine?.catch(() => undefined);
    await engine?.drop(table);
  }
}

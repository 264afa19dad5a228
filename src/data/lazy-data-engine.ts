// Defers the real engine (and DuckDB's download) until the first call that needs data.
import { TableLoadFailedError } from './query-errors';
import type { SqlStatementReading } from '../sql/sql-guard';
import type {
  DataEngine,
  QueryOptions,
  QueryResult,
  TableDescription,
  TableLoadFailure,
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
  private readonly declared: TableSource[] = [];
  private readonly failures = new Map<string, string>();

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
    if (this.engine) void this.engine.then((engine) => this.loadQuietly(engine, source));
  }

  /** Tables that failed to load, so list_tables and the UI can say why a table is missing. */
  loadFailures(): TableLoadFailure[] {
    return [...this.failures].map(([table, message]) => ({ table, message }));
  }

  async load(source: TableSource): Promise<void> {
    await (await this.ready()).load(source);
    this.failures.delete(source.table);
  }

  async listTables(): Promise<string[]> {
    return (await this.ready()).listTables();
  }

  async describe(table: string): Promise<TableDescription> {
    const engine = await this.ready();
    const failure = this.failureOf(table);
    if (failure) throw new TableLoadFailedError(failure.table, failure.message);
    return engine.describe(table);
  }

  async query(sql: string, options?: QueryOptions): Promise<QueryResult> {
    const engine = await this.ready();
    try {
      return await engine.query(sql, options);
    } catch (error) {
      throw this.withLoadFailure(error);
    }
  }

  /** DuckDB's reading of SQL, from the real engine; fails when that engine cannot read SQL. */
  async readStatements(sql: string): Promise<SqlStatementReading> {
    const engine = await this.ready();
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

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
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

  private ready(): Promise<DataEngine> {
    if (!this.engine) {
      this.engine = (async () => {
        const engine = await this.create();
        await Promise.all(this.declared.map((source) => this.loadQuietly(engine, source)));
        return engine;
      })();
      this.engine.catch(() => {
        this.engine = undefined;
      });
    }
    return this.engine;
  }

  private async loadQuietly(engine: DataEngine, source: TableSource): Promise<void> {
    try {
      await engine.load(source);
      this.failures.delete(source.table);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.failures.set(source.table, message);
      this.options.onLoadFailure?.({ table: source.table, message });
    }
  }

  async drop(table: string): Promise<void> {
    // A dropped table is no longer declared: it must not come back when the engine starts.
    for (let index = this.declared.length - 1; index >= 0; index -= 1)
      if (this.declared[index]?.table === table) this.declared.splice(index, 1);
    this.failures.delete(table);
    // An engine that never started (or failed to) holds no table to drop.
    const engine = await this.engine?.catch(() => undefined);
    await engine?.drop(table);
  }
}

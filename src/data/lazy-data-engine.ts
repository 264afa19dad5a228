// Defers the real engine (and DuckDB's download) until the first call that needs data.
import type {
  DataEngine,
  QueryOptions,
  QueryResult,
  TableDescription,
  TableSource,
} from './data-engine';

/** A table that was declared but failed to load, and why. */
export interface TableLoadFailure {
  table: string;
  message: string;
}

/** Wraps an engine factory: declared tables load when the engine first starts. */
export class LazyDataEngine implements DataEngine {
  private engine?: Promise<DataEngine>;
  private readonly declared: TableSource[] = [];
  private readonly failures = new Map<string, string>();

  constructor(
    private readonly create: () => Promise<DataEngine> | DataEngine,
    sources: TableSource[] = [],
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
  }

  async listTables(): Promise<string[]> {
    return (await this.ready()).listTables();
  }

  async describe(table: string): Promise<TableDescription> {
    return (await this.ready()).describe(table);
  }

  async query(sql: string, options?: QueryOptions): Promise<QueryResult> {
    return (await this.ready()).query(sql, options);
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    if (engine) await (await engine).close();
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
      this.failures.set(source.table, error instanceof Error ? error.message : String(error));
    }
  }
}

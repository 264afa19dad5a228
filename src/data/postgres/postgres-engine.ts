// The DataEngine over a PostgreSQL (or PostGIS) database, in Node, through node-postgres (`pg`): the
// most used and longest kept driver on npm, pure JavaScript (nothing to compile), with a pool, the
// extended query protocol (one statement per call, never a script) and typed values. Never imported by
// browser code.
import pg from 'pg';
import { ROW_CAPS } from '../../config/row-caps';
import { describePostgresTable, listPostgresTables } from './postgres-describe';
import { postgresRowsOf, postgresTypeNames } from './postgres-values';
import type {
  DataEngine,
  QueryOptions,
  QueryResult,
  Row,
  TableDescription,
  TableSource,
} from '../data-engine';
import type { PostgresPlan } from './postgres-plan';

/** How the engine reaches the database. The connection itself comes from the environment. */
export interface PostgresEngineOptions {
  /**
   * A connection string; without it node-postgres reads PGHOST, PGPORT, PGDATABASE, PGUSER and
   * PGPASSWORD (and PGSSLMODE) from the environment.
   */
  connectionString?: string;
  /** Connections kept open at most: one a running query (10 by default). */
  maxConnections?: number;
  /** Longest a query may run when the call names no timeout. */
  defaultTimeoutMs?: number;
}

const resultAlias = 'mapwright_result';
/** SQLSTATE of a syntax error. */
const syntaxErrorCode = '42601';

/** Escapes nothing: only whole numbers reach SET LOCAL. */
function wholeMilliseconds(value: number): number {
  return Math.max(1, Math.floor(value));
}

/**
 * PostgreSQL behind the DataEngine interface. Every call runs in its own `READ ONLY` transaction with a
 * `statement_timeout`, as a subquery (which the database itself refuses for anything but a query),
 * reading at most the row cap and counting the rest in the database. A
 * stopped call cancels its backend (`pg_cancel_backend`), so nothing keeps running after it.
 */
export class PostgresEngine implements DataEngine {
  /** The dialect the server names on its tools and the approval card. */
  readonly dialect = 'PostgreSQL';
  private readonly pool: pg.Pool;
  private readonly typeNames = new Map<number, string>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly options: PostgresEngineOptions = {}) {
    this.pool = new pg.Pool({
      ...(options.connectionString ? { connectionString: options.connectionString } : {}),
      max: options.maxConnections ?? 10,
      application_name: 'mapwright',
      // A dead connection is found and replaced instead of failing the next call.
      keepAlive: true,
    });
    // An idle connection the server drops is removed from the pool; without a listener it would throw.
    this.pool.on('error', () => undefined);
  }

  load(source: TableSource): Promise<void> {
    return Promise.reject(
      new Error(
        `Cannot load ${source.table}: the tables of a PostgreSQL server are the database's own.`,
      ),
    );
  }

  drop(): Promise<void> {
    return Promise.reject(new Error('The tables of a PostgreSQL server are the database’s own.'));
  }

  listTables(): Promise<string[]> {
    return this.withTransaction({}, (client) => listPostgresTables(client));
  }

  /** Each table with its exact row count, read in one read-only transaction. */
  listTableCounts(): Promise<{ name: string; row_count: number }[]> {
    return this.withTransaction({}, async (client) => {
      const counted: { name: string; row_count: number }[] = [];
      for (const name of await listPostgresTables(client)) {
        const result = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${qualifiedName(name)}`,
        );
        counted.push({ name, row_count: Number(result.rows[0]?.n ?? 0) });
      }
      return counted;
    });
  }

  describe(table: string): Promise<TableDescription> {
    return this.withTransaction({}, (client) => describePostgresTable(client, table));
  }

  query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const started = performance.now();
    const maxRows = Math.max(1, options.maxRows ?? ROW_CAPS.perQueryDefault);
    const statement = stripTrailingSemicolons(sql);
    const run = this.withTransaction(options, async (client) => {
      // A plain query, not a cursor: the planner never gives a cursor a parallel plan, which made an
      // aggregate over a large table 1.7 times slower than in psql. The extended protocol takes one
      // statement, and a subquery takes only a query; one row past the cap says there are more.
      const fetched = await client.query({
        ...oneStatement(`SELECT * FROM (${statement}\n) AS ${resultAlias} LIMIT ${maxRows + 1}`),
        rowMode: 'array',
      });
      const more = fetched.rows.length > maxRows;
      const kept = (more ? fetched.rows.slice(0, maxRows) : fetched.rows) as unknown[][];
      // The rows past the cap are counted where they are, never sent.
      const totalRows = more
        ? Number(
            (
              await client.query<{ n: string }>(
                oneStatement(`SELECT count(*) AS n FROM (${statement}\n) AS ${resultAlias}`),
              )
            ).rows[0]?.n ?? 0,
          )
        : kept.length;
      const types = await postgresTypeNames(
        client,
        this.typeNames,
        fetched.fields.map((field) => field.dataTypeID),
      );
      const columns = fetched.fields.map((field) => ({
        name: field.name,
        type: types.get(field.dataTypeID) ?? 'unknown',
      }));
      const rows: Row[] = postgresRowsOf(kept, columns);
      return {
        columns,
        rows,
        totalRows,
        truncated: totalRows > rows.length,
        elapsedMs: performance.now() - started,
      };
    });
    return run.catch((error: unknown) => this.ownSyntaxError(statement, options, error));
  }

  /**
   * A syntax error in the subquery names the wrapper's text ("at or near ")"" for an unfinished query):
   * the statement alone, planned and not run, gives the database's own words for it.
   */
  private async ownSyntaxError(
    statement: string,
    options: QueryOptions,
    error: unknown,
  ): Promise<never> {
    if ((error as { code?: unknown }).code !== syntaxErrorCode || options.signal?.aborted)
      throw error;
    const own = await this.withTransaction(options, (client) =>
      client.query(oneStatement(`EXPLAIN ${statement}`)),
    ).then(
      () => error,
      (explained: unknown) => explained,
    );
    throw own;
  }

  /**
   * The planner's reading of a query, without running it: `EXPLAIN (FORMAT JSON)` (never ANALYZE) in a
   * read-only transaction, for the approval card's pre-flight. Rejects with the database's own error
   * when the SQL does not parse or names what does not exist.
   */
  explain(
    sql: string,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<PostgresPlan> {
    return this.withTransaction(options, async (client) => {
      const statement = stripTrailingSemicolons(sql);
      // EXPLAIN first: a statement that does not parse fails with the database's own words.
      const plan = await client.query<{ 'QUERY PLAN': unknown }>(
        oneStatement(`EXPLAIN (FORMAT JSON) ${statement}`),
      );
      // The columns of a LIMIT 0 over the query: the executor starts and stops, reading no row.
      const described = await client.query(
        oneStatement(`SELECT * FROM (${statement}\n) AS mapwright_preflight LIMIT 0`),
      );
      const types = await postgresTypeNames(
        client,
        this.typeNames,
        described.fields.map((field) => field.dataTypeID),
      );
      const root = (plan.rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[])?.[0];
      return {
        columns: described.fields.map((field) => ({
          name: field.name,
          type: types.get(field.dataTypeID) ?? 'unknown',
        })),
        estimatedRows: Number(root?.Plan?.['Plan Rows'] ?? 0),
      };
    });
  }

  /** Cancels what runs, then closes every connection. */
  async close(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    await this.pool.end();
  }

  /**
   * Runs `use` on a pooled connection inside `BEGIN READ ONLY` with the call's statement timeout, and
   * always rolls back. When the signal aborts, the backend's statement is cancelled by the database
   * (from another connection); the connection goes back to the pool only once it is idle again.
   */
  private withTransaction<T>(
    options: { signal?: AbortSignal; timeoutMs?: number },
    use: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const work = (async () => {
      options.signal?.throwIfAborted();
      const client = await this.pool.connect();
      const timeoutMs = wholeMilliseconds(
        options.timeoutMs ?? this.options.defaultTimeoutMs ?? 30_000,
      );
      const pid = (client as unknown as { processID: number }).processID;
      let cancelling: Promise<unknown> | undefined;
      let settled = false;
      // A cancel that lands between two statements cancels nothing: cancel again until the work ends.
      const cancel = () => {
        cancelling ??= (async () => {
          while (!settled) {
            await this.cancelBackend(pid);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
      };
      options.signal?.addEventListener('abort', cancel, { once: true });
      // The database's own timeout stops the statement even when this process cannot (it died, or the
      // network did).
      let broken = false;
      try {
        // One round trip: the simple protocol takes the three statements, all of them our own text.
        await client.query(
          'BEGIN TRANSACTION READ ONLY; ' +
            `SET LOCAL statement_timeout = ${timeoutMs}; ` +
            `SET LOCAL idle_in_transaction_session_timeout = ${timeoutMs}`,
        );
        options.signal?.throwIfAborted();
        const result = await use(client).finally(() => {
          settled = true;
        });
        options.signal?.throwIfAborted();
        return result;
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        throw error;
      } finally {
        settled = true;
        options.signal?.removeEventListener('abort', cancel);
        if (cancelling) await cancelling;
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        client.release(broken);
      }
    })();
    const tracked: Promise<void> = work.then(settle, settle).then(() => {
      this.running.delete(tracked);
    });
    this.running.add(tracked);
    return work;
  }

  // From a connection of its own, so a full pool cannot hold the cancel back.
  private async cancelBackend(pid: number): Promise<void> {
    const client = new pg.Client({
      ...(this.options.connectionString ? { connectionString: this.options.connectionString } : {}),
      application_name: 'mapwright-cancel',
    });
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement timeout still ends it.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

const settle = (): void => undefined;

/** A table name as listed (`name`, or `schema.name` outside public) quoted for SQL. */
export function qualifiedName(listed: string): string {
  const dot = listed.indexOf('.');
  const parts = dot < 0 ? [listed] : [listed.slice(0, dot), listed.slice(dot + 1)];
  return parts.map((part) => `"${part.replaceAll('"', '""')}"`).join('.');
}

/**
 * A query sent by the extended protocol, which takes exactly one statement: a second one hidden in the
 * text (`SELECT 1; DELETE ...`) is refused by the database instead of run. (`queryMode` is node-postgres's
 * own option, missing from its type definitions.)
 */
function oneStatement(text: string): pg.QueryConfig {
  return { text, queryMode: 'extended' } as pg.QueryConfig;
}

function stripTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

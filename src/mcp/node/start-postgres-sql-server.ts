// `npm run mcp-server -- --postgres`: the SQL server over a PostgreSQL (or PostGIS) database, its
// connection from DATABASE_URL or the PG* variables, never from the command line (where any user of
// the machine can read it in the process list).
import { PostgresEngine } from '../../data/postgres/postgres-engine';
import { POSTGRES_DIALECT } from '../sql-server/sql-dialect';
import { serveSqlHttp, type ServeSqlHttpOptions, type SqlHttpServer } from './serve-sql-http';

/** What the Postgres server is given, beside the HTTP front's options. */
export interface StartPostgresSqlServerOptions extends Omit<ServeSqlHttpOptions, 'engine'> {
  /** Progress lines; the script prints them on stderr. They never hold the password. */
  onLog?: (message: string) => void;
}

/** A running Postgres SQL server. */
export interface PostgresSqlServer extends SqlHttpServer {
  engine: PostgresEngine;
  tables: string[];
}

/**
 * Connects (checking the database answers and which tables the role may read), then serves. The pool
 * holds one connection a query slot and one for the tools that list and describe.
 */
export async function startPostgresSqlServer(
  options: StartPostgresSqlServerOptions,
): Promise<PostgresSqlServer> {
  const { onLog, ...serveOptions } = options;
  const environment = process.env;
  const log = onLog ?? (() => {});
  const timeoutMs = serveOptions.timeoutMs ?? 30_000;
  const maxConcurrentQueries = serveOptions.maxConcurrentQueries ?? 8;
  const engine = new PostgresEngine({
    ...(environment.DATABASE_URL ? { connectionString: environment.DATABASE_URL } : {}),
    maxConnections: maxConcurrentQueries + 2,
    defaultTimeoutMs: timeoutMs,
  });
  try {
    const tables = await engine.listTables();
    log(
      `PostgreSQL: ${tables.length} tables readable; every query read-only, at most ${timeoutMs} ms`,
    );
    const served = await serveSqlHttp({
      ...serveOptions,
      maxConcurrentQueries,
      engine,
      dialect: POSTGRES_DIALECT,
      explain: (sql, explainOptions) => engine.explain(sql, explainOptions),
      listTableCounts: () => engine.listTableCounts(),
      onLog: log,
    });
    return {
      ...served,
      engine,
      tables,
      stop: async () => {
        await served.stop();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

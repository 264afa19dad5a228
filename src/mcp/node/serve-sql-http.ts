// The SQL MCP server over Streamable HTTP in Node: the shared HTTP front (sessions, CORS, Host and token
// guards, body and session limits) with one query queue shared by every session.
import { createSqlServer, type SqlServerOptions } from '../sql-server/create-sql-server';
import { QueryQueue } from '../sql-server/query-queue';
import { defaultQueryLimits } from './default-query-limits';
import { serveMcpHttp, type McpHttpServer, type ServeMcpHttpOptions } from './serve-mcp-http';

export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  SSE_RETRY_MS,
} from './serve-mcp-http';

/** Options of the HTTP front of the SQL server. */
export interface ServeSqlHttpOptions
  extends SqlServerOptions, Omit<ServeMcpHttpOptions, 'createSessionServer'> {
  /** Queries running at once, over all sessions (sized to the machine by default). */
  maxConcurrentQueries?: number;
  /** Queries waiting for a slot (8 by default); past it a query call is answered busy. */
  maxQueuedQueries?: number;
}

/** A running HTTP SQL server. */
export interface SqlHttpServer extends McpHttpServer {
  /** The query slots shared by every session. */
  queryQueue: QueryQueue;
}

/** Serves the SQL tools at `/mcp` until stopped. */
export async function serveSqlHttp(options: ServeSqlHttpOptions): Promise<SqlHttpServer> {
  const defaults = defaultQueryLimits();
  const queryQueue =
    options.queryQueue ??
    new QueryQueue({
      maxConcurrent: options.maxConcurrentQueries ?? defaults.maxConcurrent,
      maxQueued: options.maxQueuedQueries ?? defaults.maxQueued,
    });
  const sqlServerOptions = { ...options, queryQueue };
  const served = await serveMcpHttp({
    ...options,
    createSessionServer: () => createSqlServer(sqlServerOptions),
  });
  return { ...served, queryQueue };
}

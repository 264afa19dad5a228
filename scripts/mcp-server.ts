// `npm run mcp-server -- --data DIR|FILES --port N`: the SQL MCP server over native DuckDB, on loopback;
// `npm run mcp-server -- --postgres`: the same server over PostgreSQL/PostGIS (DATABASE_URL or PG*).
import { parseArgs } from 'node:util';
import { DataPathError } from '../src/data/table-sources-from-files';
import { workerThreadCount } from '../src/mcp/node/default-query-limits';
import { printedError } from '../src/mcp/node/redact-printed';
import { startNodeSqlServer } from '../src/mcp/node/start-node-sql-server';
import { startPostgresSqlServer } from '../src/mcp/node/start-postgres-sql-server';
import { redactEverythingPrinted } from './redact-console';

const usage = `Usage: npm run mcp-server -- (--data DIR|FILE [--data ...] | --postgres) [--port 8765] [--host 127.0.0.1]
  [--token SECRET | env MAPWRIGHT_MCP_TOKEN] [--allow-origin https://example.org | '*']
  [--allow-host NAME] [--writable] [--max-rows 10000] [--timeout-ms 30000]
  [--max-concurrent-queries N] [--max-queued-queries 64] [--max-body-bytes 1048576]
  [--max-sessions 100] [--max-sessions-per-client N (half)] [--session-idle-minutes 30]
  --postgres reads the connection from DATABASE_URL or PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD;
  never give a password on the command line.`;

// Every line printed from here on (errors and a crash included) is redacted: --data may be a DSN.
const printUsage = redactEverythingPrinted();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', multiple: true },
    postgres: { type: 'boolean', default: false },
    port: { type: 'string', default: '8765' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    writable: { type: 'boolean', default: false },
    'max-rows': { type: 'string' },
    'timeout-ms': { type: 'string' },
    'max-concurrent-queries': { type: 'string' },
    'max-queued-queries': { type: 'string' },
    'max-body-bytes': { type: 'string' },
    'max-sessions': { type: 'string' },
    'max-sessions-per-client': { type: 'string' },
    'session-idle-minutes': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const paths = [...(values.data ?? []), ...positionals];
if (values.help || (paths.length === 0) === !values.postgres) {
  printUsage(usage);
  process.exit(values.help ? 0 : 2);
}

/** The flag's value as a whole number no smaller than `least`, or exits with the usage. */
function wholeNumberFlag(name: keyof typeof values, least: number): number | undefined {
  const given = values[name];
  if (given === undefined) return undefined;
  const value = Number(given);
  if (typeof given !== 'string' || !Number.isInteger(value) || value < least) {
    console.error(`--${name} must be a whole number of at least ${least}, not "${String(given)}".`);
    printUsage(usage);
    process.exit(2);
  }
  return value;
}

const limits = {
  maxConcurrentQueries: wholeNumberFlag('max-concurrent-queries', 1),
  maxQueuedQueries: wholeNumberFlag('max-queued-queries', 0),
  maxBodyBytes: wholeNumberFlag('max-body-bytes', 1),
  maxSessions: wholeNumberFlag('max-sessions', 1),
  maxSessionsPerClient: wholeNumberFlag('max-sessions-per-client', 1),
  sessionIdleMinutes: wholeNumberFlag('session-idle-minutes', 1),
};
if (
  limits.maxConcurrentQueries !== undefined &&
  limits.maxConcurrentQueries >= workerThreadCount()
) {
  // Every running query holds one of Node's worker threads; with none left, new connections wait.
  console.error(
    `--max-concurrent-queries ${limits.maxConcurrentQueries} leaves none of Node's ${workerThreadCount()} ` +
      `worker threads free: start with UV_THREADPOOL_SIZE=${limits.maxConcurrentQueries + 1} as well.`,
  );
}

const token = values.token ?? process.env.MAPWRIGHT_MCP_TOKEN;
const common = {
  onLog: (message: string) => console.error(message),
  host: values.host,
  port: Number(values.port),
  writable: values.writable,
  ...(token ? { token } : {}),
  ...(values['allow-origin'] ? { allowedOrigins: values['allow-origin'] } : {}),
  ...(values['allow-host'] ? { allowedHosts: values['allow-host'] } : {}),
  ...(values['max-rows'] ? { rowCap: Number(values['max-rows']) } : {}),
  ...(values['timeout-ms'] ? { timeoutMs: Number(values['timeout-ms']) } : {}),
  ...(limits.maxConcurrentQueries ? { maxConcurrentQueries: limits.maxConcurrentQueries } : {}),
  ...(limits.maxQueuedQueries !== undefined ? { maxQueuedQueries: limits.maxQueuedQueries } : {}),
  ...(limits.maxBodyBytes ? { maxBodyBytes: limits.maxBodyBytes } : {}),
  ...(limits.maxSessions ? { maxSessions: limits.maxSessions } : {}),
  ...(limits.maxSessionsPerClient ? { maxSessionsPerClient: limits.maxSessionsPerClient } : {}),
  ...(limits.sessionIdleMinutes ? { sessionIdleMs: limits.sessionIdleMinutes * 60_000 } : {}),
};
let running: { url: string; stop(): Promise<void> };
try {
  running = values.postgres
    ? await startPostgresSqlServer({ ...common, name: 'mapwright-sql-postgres' }).catch(
        (error: unknown) => {
          // The driver's message names the host and user, never the password (and it is redacted).
          console.error(`Cannot reach PostgreSQL: ${printedError(error)}`);
          process.exit(1);
        },
      )
    : await startNodeSqlServer({ ...common, paths, name: 'mapwright-sql-node' });
} catch (error) {
  // A path that is no data (a DSN, a missing file) is one line, not a stack trace.
  console.error(error instanceof DataPathError ? error.message : printedError(error));
  process.exit(error instanceof DataPathError ? 2 : 1);
}
// The URL goes to stdout (alone) so scripts and tests can read it; everything else goes to stderr.
console.log(running.url);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

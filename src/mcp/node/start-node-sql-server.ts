// The Node SQL server end to end: load the data files, lock DuckDB down, serve over HTTP on loopback.
import { DuckDbNodeEngine } from '../../data/duckdb-node/duckdb-node-engine';
import { tableSourcesFromPaths } from '../../data/table-sources-from-files';
import { errorMessage } from '../../errors/error-message';
import { redactPrinted } from './redact-printed';
import { serveSqlHttp, type ServeSqlHttpOptions, type SqlHttpServer } from './serve-sql-http';

/** What `npm run mcp-server` is given. */
export interface StartNodeSqlServerOptions extends Omit<ServeSqlHttpOptions, 'engine'> {
  /** Data files and folders; each data file becomes a table. */
  paths: string[];
  /** Progress lines (loaded, skipped, locked); the script prints them on stderr. */
  onLog?: (message: string) => void;
}

/** A running Node SQL server and the tables it serves. */
export interface NodeSqlServer extends SqlHttpServer {
  engine: DuckDbNodeEngine;
  tables: string[];
}

/**
 * Loads every data file, then turns off DuckDB's file and network access and locks its configuration
 * (so a read-only query cannot read other files, e.g. `read_csv('/etc/passwd')`), then serves.
 */
export async function startNodeSqlServer(
  options: StartNodeSqlServerOptions,
): Promise<NodeSqlServer> {
  const { paths, onLog, ...serveOptions } = options;
  // Every line is printable and holds no secret (a path or a DuckDB error may name one).
  const log = (line: string) => onLog?.(redactPrinted(line));
  const engine = new DuckDbNodeEngine();
  try {
    for (const source of await tableSourcesFromPaths(paths)) {
      try {
        await engine.load(source);
        log(`loaded ${source.table} from ${source.url}`);
      } catch (error) {
        log(`skipped ${source.url}: ${errorMessage(error)}`);
      }
    }
    const { configurationLocked } = await engine.lockDown({ allowWrites: serveOptions.writable });
    log(
      configurationLocked
        ? 'file and network access is off, and the DuckDB configuration is locked'
        : 'file and network access is off (this DuckDB cannot lock its configuration)',
    );
    const served = await serveSqlHttp({
      ...serveOptions,
      engine,
      ...(onLog ? { onLog: log } : {}),
    });
    return {
      ...served,
      engine,
      tables: await engine.listTables(),
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

// The stock @modelcontextprotocol/server-postgres behind `npm run mcp-bridge -- --stdio`, by default as the
// docs tell a person to start it: the URL names the user, the password goes by `--env PGPASSWORD`.
import { resolve } from 'node:path';
import { startMcpServerScript, type ScriptServer } from '../mcp/start-mcp-server-script';
import type { PostgresCluster } from './postgres-cluster';

const serverPostgres = resolve('node_modules/@modelcontextprotocol/server-postgres/dist/index.js');

/** How the bridge is started, when not as the docs say. */
export interface PostgresBridgeOptions {
  /** The URL server-postgres is given (the read-only role's, without its password, by default). */
  databaseUrl?: string;
  /** Hand PGPASSWORD over with `--env` (true by default). */
  passwordByEnvironment?: boolean;
}

/** Starts the bridge in front of server-postgres for the cluster's read-only role. */
export function startPostgresBridge(
  cluster: PostgresCluster,
  options: PostgresBridgeOptions = {},
): Promise<ScriptServer> {
  const databaseUrl =
    options.databaseUrl ??
    `postgresql://${cluster.reader.user}@${cluster.host}:${cluster.port}/${cluster.database}`;
  const byEnvironment = options.passwordByEnvironment ?? true;
  return startMcpServerScript(
    [
      '--stdio',
      ...(byEnvironment ? ['--env', 'PGPASSWORD'] : []),
      '--',
      process.execPath,
      serverPostgres,
      databaseUrl,
    ],
    {
      script: 'scripts/mcp-bridge.ts',
      env: {
        ...process.env,
        ...(byEnvironment ? { PGPASSWORD: cluster.reader.password } : {}),
      },
    },
  );
}

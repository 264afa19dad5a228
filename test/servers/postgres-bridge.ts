// The stock @modelcontextprotocol/server-postgres behind `npm run mcp-bridge -- --stdio --env PGPASSWORD`,
// as the docs tell a person to start it: the URL names the user, the password goes by the environment.
import { resolve } from 'node:path';
import { startMcpServerScript, type ScriptServer } from '../mcp/start-mcp-server-script';
import type { PostgresCluster } from './postgres-cluster';

const serverPostgres = resolve('node_modules/@modelcontextprotocol/server-postgres/dist/index.js');

/** Starts the bridge in front of server-postgres for the cluster's read-only role. */
export function startPostgresBridge(cluster: PostgresCluster): Promise<ScriptServer> {
  const databaseUrl = `postgresql://${cluster.reader.user}@${cluster.host}:${cluster.port}/${cluster.database}`;
  return startMcpServerScript(
    ['--stdio', '--env', 'PGPASSWORD', '--', process.execPath, serverPostgres, databaseUrl],
    {
      script: 'scripts/mcp-bridge.ts',
      env: { ...process.env, PGPASSWORD: cluster.reader.password },
    },
  );
}

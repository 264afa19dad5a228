// `npm run bench -- postgres`: one aggregate over 1 M PostGIS points, through the approved call (the
// project's SQL server on PostgreSQL, over MCP) and through psql, alternating, with their medians.
// Starts a throwaway cluster (Debian's PostgreSQL 15 and PostGIS) on a free loopback port.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startPostgresSqlServer } from '../src/mcp/node/start-postgres-sql-server';
import { POSTGRES_BIN, startPostgresCluster } from '../test/servers/postgres-cluster';
import { median, loadAverage } from './statistics';

const execute = promisify(execFile);
const rounds = 7;
const aggregate =
  'SELECT count(*) AS n, avg(ST_X(geom)) AS mean_x FROM points ' +
  'WHERE geom && ST_MakeEnvelope(-50, -40, 60, 50, 4326)';

/** Prints the medians of both paths and their ratio. */
export async function run(): Promise<void> {
  const cluster = await startPostgresCluster({
    setupSql:
      'CREATE TABLE points AS SELECT i AS id, ST_SetSRID(ST_MakePoint(random() * 360 - 180, ' +
      'random() * 170 - 85), 4326) AS geom FROM generate_series(1, 1000000) AS i; ANALYZE points;',
  });
  const environment = {
    PGHOST: cluster.host,
    PGPORT: String(cluster.port),
    PGDATABASE: cluster.database,
    PGUSER: cluster.reader.user,
    PGPASSWORD: cluster.reader.password,
  };
  Object.assign(process.env, environment);
  const server = await startPostgresSqlServer({ host: '127.0.0.1', port: 0 });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const app: number[] = [];
  const psql: number[] = [];
  const answers = new Set<string>();
  try {
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      const result = await client.callTool({ name: 'query', arguments: { sql_query: aggregate } });
      app.push(performance.now() - started);
      const row = (result.structuredContent as { rows: { n: number }[] }).rows[0];
      answers.add(String(row?.n));
      started = performance.now();
      const { stdout } = await execute(
        join(POSTGRES_BIN, 'psql'),
        ['-X', '-A', '-t', '-c', aggregate],
        { env: { ...process.env, ...environment } },
      );
      psql.push(performance.now() - started);
      answers.add(stdout.split('|')[0] ?? '');
    }
  } finally {
    await client.close();
    await server.stop();
    await cluster.stop();
  }
  const appMedian = median(app);
  const psqlMedian = median(psql);
  console.log(
    `points=1000000 rounds=${rounds} same_answer=${answers.size === 1} load=${loadAverage()}`,
  );
  console.log(`app_median_ms=${appMedian.toFixed(1)}`);
  console.log(`psql_median_ms=${psqlMedian.toFixed(1)}`);
  console.log(`ratio=${(appMedian / psqlMedian).toFixed(2)}`);
}

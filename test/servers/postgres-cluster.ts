// A throwaway PostgreSQL 15 cluster with PostGIS, from Debian's packages: a folder of its own (owned by
// the postgres user when the test runs as root, since initdb refuses root), a free loopback port, its
// socket in that folder, stopped and removed by `stop()`.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian installs the PostgreSQL 15 programs (`/usr/local/bin/postgres` is something else). */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** A running cluster and how to reach it as its superuser and as the read-only role the tests make. */
export interface PostgresCluster {
  host: string;
  port: number;
  /** The superuser (no password over the socket or loopback: trust for it alone). */
  superuser: string;
  /** The read-only role the docs tell a person to create, and its password. */
  reader: { user: string; password: string };
  database: string;
  /** psql as the superuser, over loopback: the SQL's output, rows unaligned and without headers. */
  psql(sql: string): Promise<string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Root runs the cluster's programs as the postgres user; anyone else as themselves.
function asOwner(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, program), ...args]]
    : [join(POSTGRES_BIN, program), args];
}

/** The SQL the docs give for the read-only role, with this cluster's names. */
export function readOnlyRoleSql(role: string, password: string, database: string): string {
  return [
    `CREATE ROLE ${role} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE;`,
    `ALTER ROLE ${role} SET default_transaction_read_only = on;`,
    `GRANT CONNECT ON DATABASE ${database} TO ${role};`,
    `GRANT USAGE ON SCHEMA public TO ${role};`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role};`,
  ].join('\n');
}

/**
 * Starts a cluster, creates `database` with PostGIS, runs `setupSql` in it as the superuser, then makes
 * the read-only role (so it may read every table the set-up made).
 */
export async function startPostgresCluster(
  options: { database?: string; setupSql?: string } = {},
): Promise<PostgresCluster> {
  const folder = await mkdtemp(join(tmpdir(), 'mapwright-pg-'));
  const dataFolder = join(folder, 'data');
  const port = await freePort();
  const database = options.database ?? 'mapwright';
  const superuser = 'postgres';
  const reader = {
    user: 'mapwright_reader',
    password: `pw-${Math.random().toString(36).slice(2)}`,
  };
  if (process.getuid?.() === 0) {
    await chown(folder, Number((await run('id', ['-u', 'postgres'])).stdout), 0);
  }
  await chmod(folder, 0o700);
  const stop = async () => {
    await run(...asOwner('pg_ctl', ['-D', dataFolder, '-m', 'immediate', '-w', 'stop'])).catch(
      () => undefined,
    );
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await run(
      ...asOwner('initdb', ['-D', dataFolder, '-U', superuser, '-A', 'trust', '-E', 'UTF8']),
    );
    // The reader must give its password; the superuser alone is trusted, over the socket and loopback.
    await writeFile(
      join(dataFolder, 'pg_hba.conf'),
      [
        `local all ${superuser} trust`,
        `host all ${superuser} 127.0.0.1/32 trust`,
        'host all all 127.0.0.1/32 scram-sha-256',
        '',
      ].join('\n'),
    );
    await run(
      ...asOwner('pg_ctl', [
        '-D',
        dataFolder,
        '-w',
        '-l',
        join(folder, 'server.log'),
        '-o',
        `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
        'start',
      ]),
    );
    const psqlSql = async (db: string, sql: string) =>
      (
        await run(
          join(POSTGRES_BIN, 'psql'),
          [
            '-X',
            '-q',
            '-A',
            '-t',
            '-v',
            'ON_ERROR_STOP=1',
            '-h',
            '127.0.0.1',
            '-p',
            String(port),
            '-U',
            superuser,
            '-d',
            db,
            '-c',
            sql,
          ],
          { maxBuffer: 64 * 1024 * 1024 },
        )
      ).stdout;
    await psqlSql('postgres', `CREATE DATABASE ${database}`);
    await psqlSql(database, 'CREATE EXTENSION postgis');
    if (options.setupSql) await psqlSql(database, options.setupSql);
    await psqlSql(database, readOnlyRoleSql(reader.user, reader.password, database));
    return {
      host: '127.0.0.1',
      port,
      superuser,
      reader,
      database,
      psql: (sql) => psqlSql(database, sql),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The environment `npm run mcp-server -- --postgres` reads, for the cluster's read-only role. */
export function readerEnvironment(cluster: PostgresCluster): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PGHOST: cluster.host,
    PGPORT: String(cluster.port),
    PGDATABASE: cluster.database,
    PGUSER: cluster.reader.user,
    PGPASSWORD: cluster.reader.password,
  };
}

/**
 * Backends sleeping in `pg_sleep` now: what a query's statement waits in is pg_sleep's own wait event,
 * whatever text wraps it.
 */
export async function activeSleeps(cluster: PostgresCluster): Promise<number> {
  return Number(
    await cluster.psql(
      "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND state = 'active'",
    ),
  );
}

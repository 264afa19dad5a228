// The password grep: everything `npm run mcp-server -- --postgres` and `npm run mcp-bridge` (with the stock
// @modelcontextprotocol/server-postgres behind it) print, on stdout and stderr, and every answer and error
// a client gets from them, holds the test's password nowhere: started well, with the password in the
// environment or in the URL, with queries that fail, and crashing on a bad DSN, a dead port or a wrong
// password. Each case also checks it did what it says, so an empty output cannot pass for a clean one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLoopbackPort } from '../../e2e/chat-page';
import { postgisFixtureSql } from '../../servers/postgis-fixture';
import { startPostgresBridge, type PostgresBridgeOptions } from '../../servers/postgres-bridge';
import {
  readerEnvironment,
  startPostgresCluster,
  type PostgresCluster,
} from '../../servers/postgres-cluster';
import { startMcpServerScript, type ScriptServer } from '../start-mcp-server-script';

let cluster: PostgresCluster;
let password: string;

beforeAll(async () => {
  cluster = await startPostgresCluster({ setupSql: postgisFixtureSql });
  password = cluster.reader.password;
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

/** The reader's URL with its password in it, on the cluster's port unless given another. */
function urlWithPassword(port = cluster.port): string {
  return `postgresql://${cluster.reader.user}:${password}@${cluster.host}:${port}/${cluster.database}`;
}

/**
 * Calls each `[tool, arguments]` on the server, then stops it: everything it printed and every answer
 * or error the client got, as one text.
 */
async function everythingFrom(
  server: ScriptServer,
  calls: [string, Record<string, unknown>][],
): Promise<string> {
  const seen: string[] = [];
  const client = new Client({ name: 'password-grep', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    for (const [name, args] of calls) {
      seen.push(
        await client.callTool({ name, arguments: args }).then(
          (result) => JSON.stringify(result),
          (error: unknown) => String(error),
        ),
      );
    }
  } finally {
    await client.close();
    await server.stop();
  }
  return [server.output(), ...seen].join('\n');
}

/** What a start that fails printed (its error holds all of it), or everything it printed and answered. */
function startOrCrash(starting: Promise<ScriptServer>, calls: [string, Record<string, unknown>][]) {
  return starting.then(
    (server) => everythingFrom(server, calls),
    (error: unknown) => String(error),
  );
}

const projectCalls: [string, Record<string, unknown>][] = [
  ['list_tables', {}],
  ['query', { sql_query: 'SELECT count(*) AS n FROM places' }],
  ['query', { sql_query: 'SELECT 1 +' }],
  ['query', { sql_query: 'SELECT * FROM nowhere' }],
  ['query', { sql_query: 'DELETE FROM places' }],
  ['describe_table', { table: 'nowhere' }],
];

const stockCalls: [string, Record<string, unknown>][] = [
  ['query', { sql: 'SELECT count(*) AS n FROM places' }],
  ['query', { sql: 'SELECT * FROM nowhere' }],
  ['query', { sql: 'SELEC 1' }],
];

/** Starts the project's server with the reader's environment changed by `change`. */
function projectServer(change: NodeJS.ProcessEnv, args: string[] = ['--postgres']) {
  const environment = { ...readerEnvironment(cluster), ...change };
  for (const [name, value] of Object.entries(change))
    if (value === undefined) delete environment[name];
  return startOrCrash(startMcpServerScript(args, { env: environment }), projectCalls);
}

function stockBridge(options: PostgresBridgeOptions) {
  return startOrCrash(startPostgresBridge(cluster, options), stockCalls);
}

describe("the project's server prints no password", () => {
  it('with PGPASSWORD, through good and failing calls', async () => {
    const everything = await projectServer({});
    expect(everything).toContain('"n":20000');
    expect(everything).toContain('syntax error at end of input');
    expect(everything).toContain('relation \\"nowhere\\" does not exist');
    expect(everything).not.toContain(password);
  }, 60_000);

  it('with the password in DATABASE_URL, through good and failing calls', async () => {
    const everything = await projectServer({
      DATABASE_URL: urlWithPassword(),
      PGPASSWORD: undefined,
    });
    expect(everything).toContain('"n":20000');
    expect(everything).not.toContain(password);
  }, 60_000);

  it('crashing on a DATABASE_URL with the password and a dead port', async () => {
    const everything = await projectServer({
      DATABASE_URL: urlWithPassword(await deadLoopbackPort()),
      PGPASSWORD: undefined,
    });
    expect(everything).toMatch(/Cannot reach PostgreSQL: .*ECONNREFUSED/);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('crashing on a DATABASE_URL with the password that is no URL', async () => {
    const everything = await projectServer({
      DATABASE_URL: `postgresql://${cluster.reader.user}:${password}@${cluster.host}:port/x y`,
      PGPASSWORD: undefined,
    });
    expect(everything).toMatch(/Exited with 1/);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('crashing on a wrong password', async () => {
    const wrong = `${password}-wrong`;
    const everything = await projectServer({ PGPASSWORD: wrong });
    expect(everything).toContain('password authentication failed');
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('refusing a DSN given as --data', async () => {
    const everything = await projectServer({}, ['--data', urlWithPassword()]);
    expect(everything).toMatch(/Exited with 2/);
    expect(everything).not.toContain(password);
  }, 60_000);
});

describe('the bridge with stock server-postgres prints no password', () => {
  it('with --env PGPASSWORD, through good and failing calls', async () => {
    const everything = await stockBridge({});
    expect(everything).toContain('bridging');
    expect(everything).toMatch(/\\"n\\":\s*\\"?20000/);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('with the password in the URL it hands server-postgres, through good and failing calls', async () => {
    const everything = await stockBridge({
      databaseUrl: urlWithPassword(),
      passwordByEnvironment: false,
    });
    expect(everything).toContain('bridging');
    expect(everything).toMatch(/\\"n\\":\s*\\"?20000/);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('with the password in the URL and a dead port: every call fails', async () => {
    const everything = await stockBridge({
      databaseUrl: urlWithPassword(await deadLoopbackPort()),
      passwordByEnvironment: false,
    });
    expect(everything).toContain('ECONNREFUSED');
    expect(everything).not.toContain(password);
  }, 60_000);

  it('with a URL server-postgres cannot read, the password in it', async () => {
    const everything = await stockBridge({
      databaseUrl: `postgresql://${cluster.reader.user}:${password}@${cluster.host}:port/x y`,
      passwordByEnvironment: false,
    });
    // It crashes at start with its stack trace, which the bridge prints (the URL is in the error).
    expect(everything).toContain('TypeError: Invalid URL');
    expect(everything).not.toContain(password);
  }, 60_000);
});

// `npm run mcp-server -- --postgres` against a real PostGIS cluster (Debian's PostgreSQL 15), as a
// read-only role with a password: the same tools and promises as over DuckDB, held by the database.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preflightLines } from '../../../src/approval/preflight-lines';
import { toToolResult } from '../../../src/mcp/results/mcp-result';
import { preflightReportOf } from '../../../src/mcp/tools/server-preflight';
import { postgisFixtureSql } from '../../servers/postgis-fixture';
import {
  activeSleeps,
  readerEnvironment,
  startPostgresCluster,
  type PostgresCluster,
} from '../../servers/postgres-cluster';
import { startMcpServerScript, type ScriptServer } from '../start-mcp-server-script';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

let cluster: PostgresCluster;
let server: ScriptServer;
let client: Client;

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function sleeping(): Promise<number> {
  return activeSleeps(cluster);
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

beforeAll(async () => {
  cluster = await startPostgresCluster({ setupSql: postgisFixtureSql });
  await cluster.psql(
    `GRANT USAGE ON SCHEMA extra TO ${cluster.reader.user}; ` +
      `GRANT SELECT ON ALL TABLES IN SCHEMA extra TO ${cluster.reader.user}`,
  );
  server = await startMcpServerScript(['--postgres', '--timeout-ms', '2000'], {
    env: readerEnvironment(cluster),
  });
  client = new Client({ name: 'postgres-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await cluster?.stop();
});

describe('the SQL server on PostgreSQL', () => {
  it('names PostgreSQL on its tools and lists the tables of every schema the role may read', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'query')?.description).toContain('PostgreSQL');
    const listed = text(await call('list_tables'));
    expect(listed).toContain('places (20000 rows)');
    expect(listed).toContain('zones (10 rows)');
    expect(listed).toContain('extra.notes (1 rows)');
    // PostGIS's own tables are the extension's, not the person's.
    expect(listed).not.toContain('spatial_ref_sys');
  });

  it('describes geometry columns with their kind and SRID, and samples text columns', async () => {
    const described = await call('describe_table', { table: 'places' });
    expect(text(described)).toContain('- geom geometry(Point,4326)');
    expect(text(described)).toMatch(/- name text e\.g\. "name \d+"/);
    expect(text(await call('describe_table', { table: 'extra.notes' }))).toContain('1 rows');
  });

  it('returns bigint and numeric as numbers, geometries as GeoJSON, and counts past the cap', async () => {
    const result = await call('query', {
      sql_query: 'SELECT id, big, amount, geom FROM places ORDER BY id',
      max_rows: 5,
    });
    const structured = result.structuredContent as {
      rows: Record<string, unknown>[];
      total_rows: number;
      columns: { name: string; type: string }[];
    };
    expect(structured.total_rows).toBe(20000);
    expect(structured.rows).toHaveLength(5);
    expect(structured.rows[0]).toMatchObject({
      id: 1,
      big: 1000000,
      amount: 0.14,
      geom: { type: 'Point', coordinates: [-9.9, 40] },
    });
    expect(structured.columns.map((column) => column.type)).toEqual([
      'integer',
      'bigint',
      'numeric',
      'geometry',
    ]);
  });

  it.each([
    ['DELETE FROM places'],
    ['UPDATE places SET name = NULL'],
    ['CREATE TABLE stolen AS SELECT * FROM places'],
    ["COPY places TO PROGRAM 'touch /tmp/mapwright-pwned'"],
    ['SET ROLE postgres'],
    ["SELECT pg_read_file('/etc/passwd')"],
    ["SELECT set_config('default_transaction_read_only', 'off', false)"],
  ])('refuses %s and leaves the database as it was', async (sql) => {
    const result = await call('query', { sql_query: sql });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/not run|read-only|refused|only reads|cannot/i);
    expect(await cluster.psql('SELECT count(*) FROM places')).toBe('20000\n');
  });

  it("answers a query that does not parse in the database's own words, not its wrapper's", async () => {
    const unfinished = await call('query', { sql_query: 'SELECT 1 +' });
    expect(unfinished.isError).toBe(true);
    expect(text(unfinished)).toContain('syntax error at end of input');
    const typo = await call('query', { sql_query: 'SELECT id FROM places WHER id = 1' });
    expect(text(typo)).toContain('syntax error at or near "id"');
  });

  it('refuses writes in the database itself when the text gets past the guard', async () => {
    // A function that writes, called from a SELECT, reads as a query to any lexer.
    await cluster.psql(
      'CREATE FUNCTION wipe() RETURNS int LANGUAGE sql AS $$ DELETE FROM zones RETURNING 1 $$; ' +
        `GRANT DELETE ON zones TO ${cluster.reader.user}`,
    );
    const result = await call('query', { sql_query: 'SELECT wipe()' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('read-only transaction');
    expect(await cluster.psql('SELECT count(*) FROM zones')).toBe('10\n');
  });

  it('stops a query at its timeout and leaves no backend running', async () => {
    const started = Date.now();
    const calling = call('query', { sql_query: 'SELECT pg_sleep(120)' });
    expect(await waitFor(async () => (await sleeping()) === 1, 1500)).toBe(true);
    const result = await calling;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('statement timeout');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await waitFor(async () => (await sleeping()) === 0, 2000)).toBe(true);
  });

  it('cancels the backend when the caller stops the call', async () => {
    const controller = new AbortController();
    const calling = client
      .callTool({ name: 'query', arguments: { sql_query: 'SELECT pg_sleep(120)' } }, undefined, {
        signal: controller.signal,
        timeout: 60_000,
      })
      .catch((error: unknown) => error);
    expect(await waitFor(async () => (await sleeping()) === 1, 1500)).toBe(true);
    controller.abort();
    await calling;
    expect(await waitFor(async () => (await sleeping()) === 0, 1000)).toBe(true);
  });

  it("gives the approval card the database's own pre-flight", async () => {
    const checked = await call('preflight_query', {
      sql_query:
        'SELECT z.name, count(*) AS n FROM zones z JOIN places p ON ST_Contains(z.geom, p.geom) GROUP BY z.name',
    });
    expect(checked.structuredContent).toMatchObject({
      dialect: 'PostgreSQL',
      parses: true,
      columns: [
        { name: 'name', type: 'text' },
        { name: 'n', type: 'bigint' },
      ],
    });
    expect(
      (checked.structuredContent as { estimated_rows: number }).estimated_rows,
    ).toBeGreaterThan(0);
    const typo = await call('preflight_query', { sql_query: 'SELEC * FROM places' });
    expect(typo.structuredContent).toMatchObject({ parses: false });
    expect((typo.structuredContent as { error: string }).error).toContain(
      'syntax error at or near "SELEC"',
    );
    const refused = await call('preflight_query', { sql_query: 'DELETE FROM places' });
    expect(refused.structuredContent).toMatchObject({ parses: false });
    // What the card shows of them.
    const shown = (result: CallToolResult) =>
      preflightLines(preflightReportOf(toToolResult(result))).map((line) => line.text);
    expect(shown(checked)).toEqual([
      expect.stringMatching(/^Rows: about \d+ rows$/),
      'Columns: name (text), n (bigint)',
      'Checked by PostgreSQL (EXPLAIN, not run)',
    ]);
    expect(shown(typo)[0]).toMatch(
      /^Does not parse \(PostgreSQL\): syntax error at or near "SELEC"/,
    );
  });

  it('never prints the password, started well or with the wrong one', async () => {
    const password = cluster.reader.password;
    expect(server.output()).not.toContain(password);
    const wrong = `${password}-wrong`;
    const failing = await startMcpServerScript(['--postgres'], {
      env: { ...readerEnvironment(cluster), PGPASSWORD: wrong },
    }).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(failing).toContain('password authentication failed');
    expect(failing).not.toContain(wrong);
    expect(server.output()).not.toContain(password);
  });
});

// The Node SQL server cannot be turned against the machine it runs on: no file access from queries, only
// trusted page origins, and no requests addressed to a rebound DNS name.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import {
  startNodeSqlServer,
  type NodeSqlServer,
} from '../../../src/mcp/node/start-node-sql-server';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { datasets } from '../sql-server-fixture';
import { startMcpServerScript } from '../start-mcp-server-script';

const airports = `${datasets}/airports.csv`;
const never = new AbortController().signal;

async function connectedHub(url: string): Promise<McpHub> {
  const hub = new McpHub({ registry: new ToolRegistry(), retry: { attempts: 1 } });
  hub.addServer({ id: 'node', url, transport: 'streamable-http' });
  await hub.connect('node');
  expect(hub.servers()[0]?.status).toBe('connected');
  return hub;
}

const query = (hub: McpHub, sql: string) =>
  hub.callTool('node', 'query', { sql_query: sql }, { signal: never });

/** A raw request with a chosen Host header (fetch does not let a caller set Host). */
function statusWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  });
}

const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
  });

describe('the Node SQL server, read-only with default options', () => {
  let served: NodeSqlServer;
  let hub: McpHub;
  const log: string[] = [];

  beforeAll(async () => {
    served = await startNodeSqlServer({ paths: [airports], onLog: (line) => log.push(line) });
    hub = await connectedHub(served.url);
  });
  afterAll(async () => {
    await hub?.close();
    await served?.stop();
  });

  it('serves the loaded tables and says the lock-down took', async () => {
    expect(served.tables).toEqual(['airports']);
    expect(log.at(-1)).toMatch(/access is off, and the DuckDB configuration is locked/);
    const result = await query(hub, 'SELECT count(*) AS n FROM airports');
    expect(result.content).toContain('3376');
  });

  // The guard refuses files on disk first; a URL passes it and meets DuckDB's own lock-down.
  it.each([
    ["SELECT * FROM read_csv('/etc/passwd')", /reads \/etc\/passwd from disk/],
    ["SELECT * FROM read_text('/etc/hostname')", /read_text\(\) reads any file whole/],
    ["SELECT * FROM glob('/etc/*')", /glob\(\) lists files on disk/],
    ["SELECT * FROM 'http://127.0.0.1:9/x.csv'", /disabled by configuration/],
  ])('refuses a read-only query that reaches outside its tables: %s', async (sql, reason) => {
    const result = await query(hub, sql);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(reason);
    expect(result.content).not.toContain('root:');
  });

  it('refuses a browser page from another origin, in the preflight and in the request', async () => {
    expect((await preflight(served.url, 'https://elsewhere.example')).status).toBe(403);
    const response = await fetch(served.url, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('--allow-origin https://elsewhere.example');
  });

  it.each(['http://127.0.0.1:5173', 'http://localhost:4173', 'http://[::1]:8080'])(
    'allows a page served from this machine: %s',
    async (origin) => {
      const response = await preflight(served.url, origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    },
  );

  it('refuses a request whose Host is not a loopback name (DNS rebinding)', async () => {
    const port = new URL(served.url).port;
    const rebound = await statusWithHost(served.url, `attacker.example:${port}`);
    expect(rebound.status).toBe(403);
    const { error } = JSON.parse(rebound.body) as { error: { message: string } };
    expect(error.message).toMatch(/^Host "attacker\.example:\d+" is not allowed/);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const local = await statusWithHost(served.url, host);
      expect(local.status, host).not.toBe(403);
    }
  });
});

describe('the Node SQL server with explicit options', () => {
  let served: NodeSqlServer;
  let hub: McpHub;

  beforeAll(async () => {
    served = await startNodeSqlServer({
      paths: [airports],
      writable: true,
      allowedOrigins: ['*'],
      allowedHosts: ['data.internal'],
    });
    hub = await connectedHub(served.url);
  });
  afterAll(async () => {
    await hub?.close();
    await served?.stop();
  });

  it('allows every origin only when "*" is given', async () => {
    const response = await preflight(served.url, 'https://elsewhere.example');
    expect(response.status).toBe(204);
  });

  it('accepts an extra Host name given with --allow-host', async () => {
    const port = new URL(served.url).port;
    expect((await statusWithHost(served.url, `data.internal:${port}`)).status).not.toBe(403);
    expect((await statusWithHost(served.url, `other.internal:${port}`)).status).toBe(403);
  });

  it('keeps files out of reach and the settings locked even when writable', async () => {
    const created = await query(hub, 'CREATE TABLE scratch AS SELECT 1 AS one');
    expect(created.isError).toBeFalsy();
    // Writing to tables needs no setting or file: the guard refuses these before DuckDB's lock would.
    const reopened = await query(hub, 'SET enable_external_access = true');
    expect(reopened.isError).toBe(true);
    expect(reopened.content).toMatch(/SET changes the engine's settings/);
    const copied = await query(hub, "COPY airports TO '/tmp/mapwright-should-not-exist.csv'");
    expect(copied.isError).toBe(true);
    expect(copied.content).toMatch(/COPY copies data to or from a file/);
    const fetched = await query(hub, "SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')");
    expect(fetched.isError).toBe(true);
    expect(fetched.content).toMatch(/disabled by configuration/);
  });
});

describe('npm run mcp-server', () => {
  it('locks DuckDB down before it serves', async () => {
    const script = await startMcpServerScript(['--data', airports]);
    try {
      const hub = await connectedHub(script.url);
      try {
        // A URL passes the guard, so what refuses it is DuckDB's lock-down.
        const result = await query(hub, "SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')");
        expect(result.isError).toBe(true);
        expect(result.content).toMatch(/disabled by configuration/);
      } finally {
        await hub.close();
      }
    } finally {
      await script.stop();
    }
  }, 60_000);
});

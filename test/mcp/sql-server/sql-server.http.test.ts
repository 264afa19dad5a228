import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { McpHub } from '../../../src/mcp';
import { serveSqlHttp, type SqlHttpServer } from '../../../src/mcp/node/serve-sql-http';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { datasets } from '../sql-server-fixture';

const token = 'test-token-123';
const pageOrigin = 'http://127.0.0.1:5999';

describe('the Node SQL server over Streamable HTTP on loopback', () => {
  const engine = new DuckDbNodeEngine();
  let served: SqlHttpServer;
  const sessionIds: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const id = response.headers.get('mcp-session-id');
    if (id && !sessionIds.includes(id)) sessionIds.push(id);
    return response;
  };
  const registry = new ToolRegistry();
  const resultStore = new ResultStore();
  const hub = new McpHub({ registry, resultStore, fetch: recordingFetch, retry: { attempts: 1 } });

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    served = await serveSqlHttp({ engine, token, allowedOrigins: [pageOrigin] });
    hub.addServer({
      id: 'warehouse',
      url: served.url,
      transport: 'streamable-http',
      headers: { Authorization: `Bearer ${token}` },
    });
    await hub.connect('warehouse');
  });
  afterAll(async () => {
    await hub.close();
    await served.stop();
    await engine.close();
  });

  it('listens on 127.0.0.1 only', () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('serves the SQL tools to the hub with a bearer token', async () => {
    expect(hub.servers()[0]?.status).toBe('connected');
    const result = await registry.execute(
      {
        id: '1',
        name: 'query',
        arguments: { sql_query: "SELECT name FROM airports WHERE iata = 'SFO'" },
      },
      { signal: new AbortController().signal },
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('San Francisco International');
  });

  it('refuses requests without the token', async () => {
    const response = await fetch(served.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(401);
  });

  it('answers a CORS preflight from the page origin with the MCP headers', async () => {
    const response = await fetch(served.url, {
      method: 'OPTIONS',
      headers: {
        Origin: pageOrigin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, mcp-session-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(pageOrigin);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'mcp-session-id',
      'mcp-protocol-version',
      'last-event-id',
      'authorization',
      'content-type',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'mcp-session-id, mcp-protocol-version',
    );
  });

  it('refuses a page origin that is not allowed', async () => {
    const response = await fetch(served.url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(403);
  });

  it('re-initialises a lost session and sends the call again (the server had not run it)', async () => {
    const lost = sessionIds.at(-1)!;
    const ended = await fetch(served.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': lost, Authorization: `Bearer ${token}` },
    });
    expect(ended.ok).toBe(true);
    const args = { sql_query: 'SELECT count(*) AS n FROM airports' };
    const signal = new AbortController().signal;
    const first = await registry.execute({ id: '2', name: 'query', arguments: args }, { signal });
    expect(first.isError).toBeFalsy();
    expect(first.content).toContain('3376');
    expect(hub.servers()[0]?.status).toBe('connected');
    expect(sessionIds.at(-1)).not.toBe(lost);
  });
});

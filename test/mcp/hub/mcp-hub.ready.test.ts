// hub.ready(): the app can wait for MCP discovery (after a reload, before resuming a turn) without guessing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { McpHub, createSqlServer } from '../../../src/mcp';
import { serveSqlHttp, type SqlHttpServer } from '../../../src/mcp/node/serve-sql-http';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { datasets } from '../sql-server-fixture';

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const remoteTools = (registry: ToolRegistry) =>
  registry
    .list()
    .flatMap((tool) =>
      tool.origin.kind === 'mcp' && tool.origin.serverId === 'remote'
        ? [tool.origin.originalName]
        : [],
    )
    .sort();

describe('hub.ready()', () => {
  const engine = new DuckDbNodeEngine();
  let served: SqlHttpServer;
  let failing: LoopbackServer;

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    served = await serveSqlHttp({ engine });
    failing = await startLoopbackServer((_request, response) => {
      response.writeHead(503).end('down for maintenance');
    });
  });
  afterAll(async () => {
    await Promise.allSettled([served.stop(), failing.stop()]);
    await engine.close();
  });

  it('settles only once a slow remote server has connected and its tools are registered', async () => {
    const slow = gate();
    const registry = new ToolRegistry();
    const hub = new McpHub({
      registry,
      fetch: async (input, init) => {
        await slow.opened;
        return fetch(input, init);
      },
    });
    hub.addServer({ id: 'embedded', transport: 'embedded' }, () => createSqlServer({ engine }));
    hub.addServer({ id: 'remote', url: served.url, transport: 'streamable-http' });
    void hub.connectAll();
    let settled = false;
    const ready = hub.ready().then((states) => {
      settled = true;
      return states;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect(remoteTools(registry)).toEqual([]);
    slow.open();
    const states = await ready;
    expect(states.map((state) => [state.id, state.status])).toEqual([
      ['embedded', 'connected'],
      ['remote', 'connected'],
    ]);
    expect(remoteTools(registry)).toEqual(['describe_table', 'list_tables', 'query']);
    await hub.close();
  });

  it('settles (never rejects) when a server fails discovery, after its retries', async () => {
    const hub = new McpHub({
      registry: new ToolRegistry(),
      retry: { attempts: 2, baseDelayMs: 20 },
    });
    hub.addServer({ id: 'down', url: failing.url, transport: 'streamable-http' });
    hub.addServer({ id: 'off', url: failing.url, enabled: false });
    void hub.connectAll();
    const states = await hub.ready();
    expect(states.find((state) => state.id === 'down')).toMatchObject({ status: 'error' });
    expect(states.find((state) => state.id === 'down')?.lastError).toBeTruthy();
    expect(states.find((state) => state.id === 'off')?.status).toBe('disconnected');
    await hub.close();
  });

  it('starts discovery of a server never connected, and waits for one server only when asked', async () => {
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry, retry: { attempts: 1 } });
    hub.addServer({ id: 'remote', url: served.url, transport: 'streamable-http' });
    hub.addServer({ id: 'down', url: failing.url, transport: 'streamable-http' });
    const states = await hub.ready('remote');
    expect(states).toHaveLength(1);
    expect(states[0]?.status).toBe('connected');
    expect(hub.servers().find((state) => state.id === 'down')?.status).toBe('disconnected');
    await hub.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHub, type McpResultData } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { spawnLoopbackServer, type SpawnedServer } from '../spawn-loopback-server';

describe('the hub against @modelcontextprotocol/server-everything (Streamable HTTP)', () => {
  let everything: SpawnedServer;
  const posted: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') posted.push(init.body);
    return fetch(input, init);
  };
  const warnings: string[] = [];
  const registry = new ToolRegistry();
  const hub = new McpHub({
    registry,
    fetch: recordingFetch,
    onWarning: (message) => warnings.push(message),
  });
  const signal = new AbortController().signal;

  beforeAll(async () => {
    everything = await spawnLoopbackServer(
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      ['streamableHttp'],
      /listening on port/i,
    );
    hub.addServer({ id: 'everything', url: `${everything.url}/mcp`, transport: 'auto' });
    await hub.connect('everything');
  }, 30_000);
  afterAll(async () => {
    await hub.close();
    await everything?.stop();
  });

  it('lists its tools in the registry', () => {
    const state = hub.servers()[0];
    expect(state?.status).toBe('connected');
    const names = registry.list().map((tool) => tool.name);
    for (const name of [
      'echo',
      'get-sum',
      'trigger-long-running-operation',
      'get-structured-content',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('calls echo', async () => {
    const result = await registry.execute(
      { id: '1', name: 'echo', arguments: { message: 'hello map' } },
      { signal },
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('hello map');
    expect(result.data).toEqual({ kind: 'mcp', content: [{ type: 'text', text: result.content }] });
  });

  it('calls get-sum', async () => {
    const result = await registry.execute(
      { id: '2', name: 'get-sum', arguments: { a: 2, b: 40 } },
      { signal },
    );
    expect(result.content).toContain('42');
  });

  it('reads structured content into the data for the UI', async () => {
    const result = await registry.execute(
      { id: '3', name: 'get-structured-content', arguments: { location: 'New York' } },
      { signal },
    );
    expect(result.isError).toBeFalsy();
    // A weather record, not rows: MCP data with its structured content, no table.
    expect(result.data?.kind).toBe('mcp');
    const data = result.data as McpResultData;
    expect(data.structuredContent).toHaveProperty('temperature');
    expect(data.content[0]?.type).toBe('text');
  });

  it('cancels trigger-long-running-operation with an MCP cancellation', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = registry.execute(
      { id: '4', name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 500);
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect
      .poll(() => posted.some((body) => body.includes('notifications/cancelled')))
      .toBe(true);
  });
});

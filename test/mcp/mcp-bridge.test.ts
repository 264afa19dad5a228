// The bridge puts a third-party MCP server (here @modelcontextprotocol/server-everything, from npm) behind
// a loopback Streamable HTTP endpoint a browser page may call: over stdio and over HTTP, with CORS for
// allowed pages only, the bridged server's own name, and a clear error when the bridged server dies.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp';
import { startMcpBridge, type McpBridge } from '../../src/mcp/node/start-mcp-bridge';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { spawnLoopbackServer, type SpawnedServer } from './spawn-loopback-server';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const signal = new AbortController().signal;

describe('the MCP bridge', () => {
  let bridge: McpBridge | undefined;
  let everything: SpawnedServer | undefined;
  let hub: McpHub | undefined;
  afterEach(async () => {
    await hub?.close();
    await bridge?.stop();
    await everything?.stop();
    hub = undefined;
    bridge = undefined;
    everything = undefined;
  });

  /** A hub (the app's MCP client) connected to the bridge, and its tool registry. */
  async function connectHub(url: string): Promise<ToolRegistry> {
    const registry = new ToolRegistry();
    hub = new McpHub({ registry, retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } });
    hub.addServer({ id: 'bridged', url, transport: 'streamable-http' });
    await hub.connect('bridged');
    return registry;
  }

  it('serves a stdio server: its tools are listed and called through the bridge', async () => {
    bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
    });
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(bridge.identity.title ?? bridge.identity.name).toMatch(/everything/i);
    const registry = await connectHub(bridge.url);
    expect(hub?.servers()[0]?.serverTitle).toMatch(/everything/i);
    expect(registry.list().map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'get-sum']),
    );
    const sum = await registry.execute(
      { id: '1', name: 'get-sum', arguments: { a: 2, b: 40 } },
      { signal },
    );
    expect(sum.isError).toBeFalsy();
    expect(sum.content).toContain('42');
  }, 30_000);

  it('serves a Streamable HTTP server', async () => {
    everything = await spawnLoopbackServer(
      everythingScript,
      ['streamableHttp'],
      /listening on port/i,
    );
    bridge = await startMcpBridge({
      target: { kind: 'http', url: `${everything.url}/mcp` },
      port: 0,
    });
    const registry = await connectHub(bridge.url);
    const echo = await registry.execute(
      { id: '1', name: 'echo', arguments: { message: 'through the bridge' } },
      { signal },
    );
    expect(echo.content).toContain('through the bridge');
  }, 30_000);

  it('answers CORS preflights for local and listed pages only', async () => {
    bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
      allowedOrigins: ['https://maps.example.org'],
    });
    const preflight = (origin: string) =>
      fetch(bridge!.url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const listed = await preflight('https://maps.example.org');
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://maps.example.org');
    expect(listed.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
    const local = await preflight('http://127.0.0.1:4173');
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    const stranger = await preflight('https://evil.example');
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain('--allow-origin https://evil.example');
  }, 30_000);

  it('refuses a rebound Host name and a missing token', async () => {
    bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
      token: 'bridge-secret-token',
    });
    const port = new URL(bridge.url).port;
    const http = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((done, fail) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers },
          (response) => {
            response.resume();
            done(response.statusCode ?? 0);
          },
        );
        request.on('error', fail);
        request.end('{}');
      });
    expect(await status({ host: `evil.example:${port}`, 'content-type': 'application/json' })).toBe(
      403,
    );
    expect(await status({ host: `127.0.0.1:${port}`, 'content-type': 'application/json' })).toBe(
      401,
    );
  }, 30_000);

  it('fails a call at once when the bridged server dies, and reopens it on the next call', async () => {
    everything = await spawnLoopbackServer(
      everythingScript,
      ['streamableHttp'],
      /listening on port/i,
    );
    const logs: string[] = [];
    bridge = await startMcpBridge({
      target: { kind: 'http', url: `${everything.url}/mcp`, transport: 'streamable-http' },
      port: 0,
      onLog: (line) => logs.push(line),
    });
    const registry = await connectHub(bridge.url);
    await everything.stop();
    const started = Date.now();
    const failed = await registry.execute(
      { id: '1', name: 'echo', arguments: { message: 'anyone there?' } },
      { signal },
    );
    expect(failed.isError).toBe(true);
    expect(failed.content).toMatch(
      /The bridged server http:\/\/127\.0\.0\.1:\d+\/mcp did not answer \(fetch failed\)\. Is it still running\?/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);

    const port = Number(new URL(everything.url).port);
    everything = await spawnLoopbackServer(
      everythingScript,
      ['streamableHttp'],
      /listening on port/i,
      port,
    );
    const again = await registry.execute(
      { id: '2', name: 'echo', arguments: { message: 'back again' } },
      { signal },
    );
    expect(again.isError).toBeFalsy();
    expect(again.content).toContain('back again');
  }, 40_000);
});

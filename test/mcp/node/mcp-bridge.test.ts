// The bridge puts a third-party MCP server (here @modelcontextprotocol/server-everything, from npm) behind
// a loopback Streamable HTTP endpoint a browser page may call: over stdio and over HTTP, with CORS for
// allowed pages only, the bridged server's own name; when the bridged server dies, calls in flight fail
// within a second in one sentence and the page reconnects; a restarted server is picked up by itself; and
// start-up problems (a down URL, a busy port) are sentences that say what to do.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { startLoopbackServer } from '../../servers/loopback';
import { bundledPackageScript } from '../bundled-script';
import { freePort, spawnedServers, type SpawnedServer } from '../spawn-loopback-server';

// Started about 14 times here: bundled once, each start costs half the CPU (bundled-script.ts).
let everythingScript: string;
beforeAll(async () => {
  everythingScript = await bundledPackageScript(
    'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
  );
}, 60_000);
const signal = new AbortController().signal;

describe('the MCP bridge', () => {
  let bridge: McpBridge | undefined;
  let everything: SpawnedServer | undefined;
  // Every server a test started is stopped after it, a restarted one's first life included.
  const servers = spawnedServers();
  let hub: McpHub | undefined;
  afterEach(async () => {
    await hub?.close();
    await bridge?.stop();
    await servers.stopAll();
    hub = undefined;
    bridge = undefined;
    everything = undefined;
  });

  /** A hub (the app's MCP client) connected to the bridge, and its tool registry. */
  async function connectHub(url: string): Promise<ToolRegistry> {
    const registry = new ToolRegistry();
    hub = new McpHub({
      registry,
      retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
      reconnect: { attempts: 100, baseDelayMs: 100, maxDelayMs: 200 },
    });
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
    everything = await servers.spawn(everythingScript, ['streamableHttp'], /listening on port/i);
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

  it.each(['streamable-http', 'sse'] as const)(
    'over %s: a call in flight fails within 1 s when the bridged server dies; after its restart the next call works',
    async (transport) => {
      const sse = transport === 'sse';
      everything = await servers.spawn(
        everythingScript,
        [sse ? 'sse' : 'streamableHttp'],
        /(listening|running) on port/i,
      );
      bridge = await startMcpBridge({
        target: { kind: 'http', url: `${everything.url}/${sse ? 'sse' : 'mcp'}`, transport },
        port: 0,
      });
      const registry = await connectHub(bridge.url);
      const pending = registry.execute(
        { id: '1', name: 'trigger-long-running-operation', arguments: { duration: 20, steps: 20 } },
        { signal },
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      const killedAt = Date.now();
      everything.child.kill('SIGKILL');
      const failed = await pending;
      expect(Date.now() - killedAt).toBeLessThan(1000);
      expect(failed.isError).toBe(true);
      expect(failed.content).toMatch(
        /^bridged is not reachable right now: the bridged server http:\/\/127\.0\.0\.1:\d+\/(mcp|sse) stopped answering \(the connection was (refused|reset)\)\. Mapwright is reconnecting/,
      );
      expect(failed.content).not.toMatch(/MCP error|-32\d\d\d/);
      // The page is told the server is down: it reconnects, and says why meanwhile.
      expect(hub?.servers()[0]?.status).toBe('reconnecting');

      everything = await servers.spawn(
        everythingScript,
        [sse ? 'sse' : 'streamableHttp'],
        /(listening|running) on port/i,
        Number(new URL(everything.url).port),
      );
      await until(() => hub?.servers()[0]?.status === 'connected');
      const again = await registry.execute(
        { id: '2', name: 'echo', arguments: { message: 'back again' } },
        { signal },
      );
      expect(again.isError).toBeFalsy();
      expect(again.content).toContain('back again');
    },
    60_000,
  );

  it('re-initialises the session of a Streamable HTTP server that restarted between calls: the first call after works', async () => {
    everything = await servers.spawn(everythingScript, ['streamableHttp'], /listening on port/i);
    bridge = await startMcpBridge({
      target: { kind: 'http', url: `${everything.url}/mcp`, transport: 'streamable-http' },
      port: 0,
    });
    const registry = await connectHub(bridge.url);
    const port = Number(new URL(everything.url).port);
    await everything.stop();
    everything = await servers.spawn(
      everythingScript,
      ['streamableHttp'],
      /listening on port/i,
      port,
    );
    const echo = await registry.execute(
      { id: '1', name: 'echo', arguments: { message: 'after the restart' } },
      { signal },
    );
    expect(echo.isError).toBeFalsy();
    expect(echo.content).toContain('after the restart');
  }, 40_000);

  it('over stdio: a call in flight fails within 1 s when the child exits, in one sentence; the next call starts it again', async () => {
    bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
    });
    const registry = await connectHub(bridge.url);
    const pending = registry.execute(
      { id: '1', name: 'trigger-long-running-operation', arguments: { duration: 20, steps: 20 } },
      { signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    const killedAt = Date.now();
    process.kill(childOfThisProcess(/server-everything/), 'SIGKILL');
    const failed = await pending;
    expect(Date.now() - killedAt).toBeLessThan(1000);
    expect(failed.content).toMatch(
      /^bridged is not reachable right now: the bridged server \S+ \S+server-everything\S+ stdio exited\. Mapwright is reconnecting/,
    );
    expect(failed.content).not.toMatch(/MCP error|-32\d\d\d|Connection closed/);

    await until(() => hub?.servers()[0]?.status === 'connected');
    const sum = await registry.execute(
      { id: '2', name: 'get-sum', arguments: { a: 2, b: 40 } },
      { signal },
    );
    expect(sum.content).toContain('42');
  }, 40_000);

  it('says in a sentence that nothing answers at a down URL', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    await expect(startMcpBridge({ target: { kind: 'http', url }, port: 0 })).rejects.toThrow(
      `Nothing answers at ${url}: the connection was refused. Start that server first (or check the URL and its port), then start the bridge again.`,
    );
  });

  it('says a busy port is busy, with --port and a port that is free', async () => {
    const busy = await startLoopbackServer(() => {});
    try {
      const started = startMcpBridge({
        target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
        port: busy.port,
      });
      const error = await started.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).toMatch(
        new RegExp(
          `^Port ${busy.port} on 127\\.0\\.0\\.1 is already in use \\(another bridge, or another program\\)\\. ` +
            'Start the bridge on a free port with --port (\\d+), and add http://127\\.0\\.0\\.1:\\1/mcp in Settings\\.$',
        ),
      );
      const suggested = Number(/--port (\d+)/.exec(message)?.[1]);
      expect(suggested).not.toBe(busy.port);
      bridge = await startMcpBridge({
        target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
        port: suggested,
      });
      expect(bridge.url).toBe(`http://127.0.0.1:${suggested}/mcp`);
    } finally {
      await busy.stop();
    }
  }, 30_000);
});

/** Polls `condition` until it holds (or fails the test after `timeoutMs`). */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of this process's one child whose command line matches `pattern`. */
function childOfThisProcess(pattern: RegExp): number {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  }).split('\n');
  const line = lines.find((candidate) => pattern.test(candidate));
  if (!line) throw new Error(`No child of this process matches ${pattern}.`);
  return Number(line.trim().split(/\s+/)[0]);
}

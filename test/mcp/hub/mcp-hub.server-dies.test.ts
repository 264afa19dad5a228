// A server that dies: a call in flight fails at once and the status says why, instead of waiting out the
// call's timeout while the server still shows "connected"; the hub reconnects on its own (status
// "reconnecting") for as long as it takes, a call meanwhile waits for it (and one the server could not
// have run is sent again), and a server that restarts is connected again with nobody pressing anything.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followServerWaits } from '../../../src/chat/follow-server-waits';
import { McpHub, type McpStatusEvent } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { bundledPackageScript } from '../bundled-script';
import { spawnedServers, type SpawnedServer } from '../spawn-loopback-server';
import { startMcpServerScript } from '../start-mcp-server-script';
import type { RetryPolicy } from '../../../src/mcp/connection/mcp-connection';

// Started 15 times here: bundled once, each start costs half the CPU (bundled-script.ts).
let everythingScript: string;
beforeAll(async () => {
  everythingScript = await bundledPackageScript(
    'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
  );
}, 60_000);
const signal = new AbortController().signal;

describe('a third-party MCP server that dies', () => {
  let everything: SpawnedServer | undefined;
  let hub: McpHub | undefined;
  // Every server a test started is stopped after it, not only the last (a failed run once left a
  // server-everything running).
  const servers = spawnedServers();
  afterEach(async () => {
    await hub?.close();
    await servers.stopAll();
  });

  /** server-everything on `port` (a free one unless given), stopped after the test. */
  function spawnEverything(args: string[], readyPattern: RegExp, port?: number) {
    return servers.spawn(everythingScript, args, readyPattern, port);
  }

  /** The reference server over `transport`, and a hub connected to it that records statuses. */
  async function connect(
    transport: 'streamable-http' | 'sse',
    reconnect: Partial<RetryPolicy>,
    port?: number,
  ): Promise<{ registry: ToolRegistry; statuses: McpStatusEvent[] }> {
    everything = await spawnEverything(
      [transport === 'sse' ? 'sse' : 'streamableHttp'],
      /(listening|running) on port/i,
      port,
    );
    const registry = new ToolRegistry();
    const statuses: McpStatusEvent[] = [];
    hub = new McpHub({
      registry,
      retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
      reconnect,
    });
    hub.onStatus((event) => statuses.push(event));
    hub.addServer({
      id: 'everything',
      url: `${everything.url}/${transport === 'sse' ? 'sse' : 'mcp'}`,
      transport,
      toolTimeoutMs: 30_000,
    });
    await hub.connect('everything');
    expect(hub.servers()[0]?.status).toBe('connected');
    return { registry, statuses };
  }

  it.each(['streamable-http', 'sse'] as const)(
    'over %s: fails the call at once with "closed the connection", reconnects, then gives up with error',
    async (transport) => {
      const { registry, statuses } = await connect(transport, {
        attempts: 2,
        baseDelayMs: 100,
        maxDelayMs: 100,
      });
      const started = Date.now();
      const pending = registry.execute(
        {
          id: 'long',
          name: 'trigger-long-running-operation',
          arguments: { duration: 20, steps: 20 },
        },
        { signal },
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      everything!.child.kill('SIGKILL');
      const result = await pending;
      const elapsed = Date.now() - started;

      expect(result.isError).toBe(true);
      expect(result.content).toMatch(
        /^everything is not reachable right now: the server closed the connection/,
      );
      expect(elapsed).toBeLessThan(10_000);
      expect(statuses.map((event) => event.status)).toContain('reconnecting');
      // ready() does not wait for a reconnection (a call waits for it instead): wait for its end here.
      await until(() => statuses.at(-1)?.status === 'error');
      const last = statuses.at(-1);
      expect(last?.status).toBe('error');
      expect(last?.error).toMatch(
        /Cannot reach http:\/\/127\.0\.0\.1:\d+\/(mcp|sse): the connection was refused, so the server is down/,
      );
      // Its tools are gone, but a model that calls one is told why, and what the person can do.
      const late = await registry.execute(
        { id: 'late', name: 'echo', arguments: { message: 'hello?' } },
        { signal },
      );
      expect(late.content).toMatch(
        /^everything is not reachable right now: cannot reach .*Press Reconnect in Settings/i,
      );
      expect(late.content).not.toContain('Unknown tool');
    },
    40_000,
  );

  /** server-everything again, on the port it had. */
  async function restart(): Promise<void> {
    const port = Number(new URL(everything!.url).port);
    everything = await spawnEverything(['streamableHttp'], /listening on port/i, port);
  }

  it('a call made while it is down waits for it, and runs once it has restarted', async () => {
    const { registry, statuses } = await connect('streamable-http', {
      baseDelayMs: 200,
      maxDelayMs: 400,
    });
    // What the chat's status line is told: the servers a call waits for.
    const named: string[][] = [];
    const stopNaming = followServerWaits(hub!, (names) => named.push(names));
    everything!.child.kill('SIGKILL');
    await until(() => hub!.servers()[0]?.status === 'reconnecting');
    const meanwhile = registry.execute(
      { id: 'meanwhile', name: 'echo', arguments: { message: 'hello?' } },
      { signal },
    );
    await until(() =>
      statuses.some((event) => /^Waiting for everything to come back/.test(event.error ?? '')),
    );
    expect(hub!.servers()[0]?.callsWaiting).toBe(1);
    expect(named).toEqual([['everything']]);
    await restart();
    const answer = await meanwhile;
    expect(answer.isError).toBeFalsy();
    expect(answer.content).toContain('hello?');
    expect(hub!.servers()[0]?.status).toBe('connected');
    expect(statuses.map((event) => event.status)).not.toContain('error');
    expect(hub!.servers()[0]?.callsWaiting).toBeUndefined();
    expect(named).toEqual([['everything'], []]);
    stopNaming();
  }, 40_000);

  it('down far longer than the old minute of attempts, then back: used again with no click', async () => {
    // The backoff is shortened (20-100 ms) so that 60 attempts, which at the default 1 s to 60 s span
    // about 50 minutes, take seconds; the hub used to give up after 8.
    const { registry, statuses } = await connect('streamable-http', {
      baseDelayMs: 20,
      maxDelayMs: 100,
    });
    everything!.child.kill('SIGKILL');
    await until(
      () => statuses.filter((event) => event.status === 'reconnecting').length >= 60,
      30_000,
    );
    expect(hub!.servers()[0]?.status).toBe('reconnecting');
    await restart();
    await until(() => hub!.servers()[0]?.status === 'connected');
    const echo = await registry.execute(
      { id: 'again', name: 'echo', arguments: { message: 'back again' } },
      { signal },
    );
    expect(echo.content).toContain('back again');
    expect(statuses.map((event) => event.status)).not.toContain('error');
  }, 60_000);

  it('a call made 0 s after a restart succeeds', async () => {
    const { registry } = await connect('streamable-http', {});
    everything!.child.kill('SIGKILL');
    await restart();
    const echo = await registry.execute(
      { id: 'now', name: 'echo', arguments: { message: 'right after' } },
      { signal },
    );
    expect(echo.isError).toBeFalsy();
    expect(echo.content).toContain('right after');
  }, 40_000);

  it('a page that comes back (wake) tries at once instead of after a minute of backoff', async () => {
    await connect('streamable-http', { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    everything!.child.kill('SIGKILL');
    await until(() => /Cannot reach/.test(hub!.servers()[0]?.lastError ?? ''));
    await restart();
    const started = Date.now();
    hub!.wake();
    await until(() => hub!.servers()[0]?.status === 'connected', 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 40_000);

  it('a request the server rejected for a lost session is sent again after re-initialising', async () => {
    everything = await spawnEverything(['streamableHttp'], /listening/i);
    const registry = new ToolRegistry();
    let forgotten = 0;
    // The first call goes out with a session the server never issued, as after a restart it missed.
    const forgetful: typeof fetch = (input, init) => {
      if (forgotten === 0 && typeof init?.body === 'string' && init.body.includes('tools/call')) {
        forgotten += 1;
        const headers = new Headers(init.headers);
        headers.set('mcp-session-id', 'forgotten-session');
        return fetch(input, { ...init, headers });
      }
      return fetch(input, init);
    };
    hub = new McpHub({ registry, fetch: forgetful });
    hub.addServer({ id: 'everything', url: `${everything.url}/mcp`, transport: 'streamable-http' });
    await hub.connect('everything');
    const echo = await registry.execute(
      { id: 'lost', name: 'echo', arguments: { message: 'sent twice, run once' } },
      { signal },
    );
    expect(forgotten).toBe(1);
    expect(echo.isError).toBeFalsy();
    expect(echo.content).toContain('sent twice, run once');
  }, 40_000);

  it("the project's Node SQL server (npm run mcp-server), restarted on its port, is connected again with no clicks", async () => {
    const directory = await mkdtemp(join(tmpdir(), 'mapwright-heal-'));
    const table = join(directory, 'places.csv');
    await writeFile(table, 'name,population\nLyon,522000\nNantes,320000\n');
    let sql = await startMcpServerScript(['--data', table]);
    try {
      const registry = new ToolRegistry();
      hub = new McpHub({
        registry,
        retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
        reconnect: { attempts: 100, baseDelayMs: 200, maxDelayMs: 400 },
      });
      hub.addServer({ id: 'sql', url: sql.url, transport: 'streamable-http' });
      await hub.connect('sql');
      const count = () =>
        registry.execute(
          { id: 'q', name: 'query', arguments: { sql_query: 'SELECT count(*) AS n FROM places' } },
          { signal },
        );
      expect((await count()).isError).toBeFalsy();
      sql.child.kill('SIGKILL');
      await until(() => hub!.servers()[0]?.status === 'reconnecting');
      // A call while it is down waits for it instead of failing.
      const waiting = count();
      sql = await startMcpServerScript(['--data', table, '--port', new URL(sql.url).port]);
      const again = await waiting;
      expect(hub!.servers()[0]?.status).toBe('connected');
      expect(again.isError).toBeFalsy();
      expect(again.content).toContain('2');
    } finally {
      await hub?.close();
      hub = undefined;
      await sql.stop();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('Disable while it reconnects stops trying; Enable connects at once', async () => {
    const { registry, statuses } = await connect('streamable-http', {
      attempts: 100,
      baseDelayMs: 20_000,
      maxDelayMs: 20_000,
    });
    const port = Number(new URL(everything!.url).port);
    everything!.child.kill('SIGKILL');
    await until(() => hub!.servers()[0]?.status === 'reconnecting');
    // The first attempt failed; the next is 20 s away when the person switches the server off.
    await until(() => /Cannot reach/.test(hub!.servers()[0]?.lastError ?? ''));
    await hub!.disconnect('everything');
    everything = await spawnEverything(['streamableHttp'], /listening on port/i, port);
    expect(hub!.servers()[0]?.status).toBe('disconnected');
    const switchedOff = await registry.execute(
      { id: 'off', name: 'echo', arguments: { message: 'hello?' } },
      { signal },
    );
    expect(switchedOff.content).toBe(
      'everything is switched off in Settings (MCP servers); ask the person to enable it.',
    );
    statuses.length = 0;
    const started = Date.now();
    await hub!.connect('everything');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hub!.servers()[0]?.status).toBe('connected');
    expect(statuses.map((event) => event.status)).toEqual(['connecting', 'connected']);
  }, 40_000);

  it('Reconnect after the hub gave up connects at once', async () => {
    const { registry } = await connect('streamable-http', {
      attempts: 1,
      baseDelayMs: 10,
      maxDelayMs: 10,
    });
    const port = Number(new URL(everything!.url).port);
    everything!.child.kill('SIGKILL');
    await until(() => hub!.servers()[0]?.status === 'error');
    everything = await spawnEverything(['streamableHttp'], /listening on port/i, port);
    expect(hub!.servers()[0]?.status).toBe('error');
    await hub!.reconnect('everything');
    expect(hub!.servers()[0]?.status).toBe('connected');
    const echo = await registry.execute(
      { id: 'again', name: 'echo', arguments: { message: 'reconnected' } },
      { signal },
    );
    expect(echo.content).toContain('reconnected');
  }, 40_000);
});

/** Polls `condition` until it holds (or fails the test after `timeoutMs`). */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

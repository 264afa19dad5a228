// A direct server down for three minutes, at the hub's default pace (1 s doubling to a minute, never
// giving up): the reference server (@modelcontextprotocol/server-everything) is killed, the clock of the
// hub's backoff runs three minutes in fake time while its attempts meet the real refused port, and the
// server restarted on its port is connected again and used with no Reconnect. Only setTimeout is faked:
// the sockets are real, so the test yields to them (setImmediate) between steps of the fake clock.
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpHub, type McpStatusEvent } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { spawnLoopbackServer, type SpawnedServer } from '../spawn-loopback-server';

const everythingScript = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const signal = new AbortController().signal;

/** Lets the real sockets answer: a few turns of the event loop, which fake timers do not touch. */
async function yieldToSockets(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves the fake clock on by `ms` in steps, letting the sockets answer between them. */
async function runFakeClock(ms: number, until: () => boolean = () => false): Promise<void> {
  for (let elapsed = 0; elapsed < ms && !until(); elapsed += 250) {
    await yieldToSockets();
    await vi.advanceTimersByTimeAsync(250);
  }
}

describe('a direct server down for three minutes', () => {
  let everything: SpawnedServer | undefined;
  let hub: McpHub | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await hub?.close();
    await everything?.stop();
  });

  it('is reconnected at the default pace and used again with no click once it is back', async () => {
    everything = await spawnLoopbackServer(everythingScript, ['streamableHttp'], /listening/i);
    const registry = new ToolRegistry();
    const statuses: McpStatusEvent[] = [];
    // The default reconnection policy: no `reconnect` option.
    hub = new McpHub({ registry, retry: { attempts: 1 } });
    hub.onStatus((event) => statuses.push(event));
    hub.addServer({ id: 'everything', url: `${everything.url}/mcp`, transport: 'streamable-http' });
    await hub.connect('everything');
    expect(hub.servers()[0]?.status).toBe('connected');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const port = Number(new URL(everything.url).port);
    // Dead before the call, so the port refuses at once: the fake clock must not run ahead of a socket
    // still waiting for a dying process.
    const exited = once(everything.child, 'exit');
    everything.child.kill('SIGKILL');
    await exited;
    // A call finds it gone (refused): the hub starts reconnecting by itself, and the call waits for it
    // until its timeout on the fake clock.
    let settled = false;
    const gone = registry
      .execute(
        { id: 'gone', name: 'echo', arguments: { message: 'anyone?' } },
        { signal, timeoutMs: 5000 },
      )
      .finally(() => (settled = true));
    await runFakeClock(10_000, () => settled);
    expect((await gone).isError).toBe(true);
    expect(hub.servers()[0]?.status).toBe('reconnecting');

    await runFakeClock(180_000);
    const attempts = statuses.filter((event) => event.status === 'reconnecting').length;
    // 1, 2, 4, 8, 16, 32, 60 and 60 s between attempts: about eight in three minutes, not hundreds.
    expect(attempts).toBeGreaterThanOrEqual(5);
    expect(attempts).toBeLessThanOrEqual(12);
    expect(hub.servers()[0]?.status).toBe('reconnecting');
    expect(statuses.map((event) => event.status)).not.toContain('error');

    everything = await spawnLoopbackServer(
      everythingScript,
      ['streamableHttp'],
      /listening/i,
      port,
    );
    // The next attempt, at most a minute away on the fake clock, finds it. Once it has started, the
    // clock is real again: the attempt's own request timeouts must not run ahead of the real sockets.
    const reconnecting = () => statuses.filter((event) => event.status === 'reconnecting').length;
    const before = reconnecting();
    await runFakeClock(61_000, () => reconnecting() > before);
    expect(reconnecting()).toBe(before + 1);
    vi.useRealTimers();
    await new Promise<void>((resolve) => {
      if (hub!.servers()[0]?.status === 'connected') return resolve();
      const stop = hub!.onStatus((event) => {
        if (event.status !== 'connected') return;
        stop();
        resolve();
      });
    });
    expect(statuses.map((event) => event.status)).not.toContain('error');
    const echo = await registry.execute(
      { id: 'back', name: 'echo', arguments: { message: 'back again' } },
      { signal },
    );
    expect(echo.isError, echo.content).toBeFalsy();
    expect(echo.content).toContain('back again');
  }, 120_000);
});

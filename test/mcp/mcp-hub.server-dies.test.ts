// A server that dies in the middle of a call: the call fails at once and the status says why, instead of
// waiting out the call's timeout while the server still shows "connected".
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub, type McpStatusEvent } from '../../src/mcp';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { spawnLoopbackServer, type SpawnedServer } from './spawn-loopback-server';

describe('a third-party MCP server that dies mid-call', () => {
  let everything: SpawnedServer | undefined;
  let hub: McpHub | undefined;
  afterEach(async () => {
    await hub?.close();
    await everything?.stop();
  });

  it.each(['streamable-http', 'sse'] as const)(
    'over %s: fails the call at once with "closed the connection" and sets the status to error',
    async (transport) => {
      everything = await spawnLoopbackServer(
        'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
        [transport === 'sse' ? 'sse' : 'streamableHttp'],
        /(listening|running) on port/i,
      );
      const registry = new ToolRegistry();
      const statuses: McpStatusEvent[] = [];
      hub = new McpHub({ registry, retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } });
      hub.onStatus((event) => statuses.push(event));
      hub.addServer({
        id: 'everything',
        url: `${everything.url}/${transport === 'sse' ? 'sse' : 'mcp'}`,
        transport,
        toolTimeoutMs: 30_000,
      });
      await hub.connect('everything');
      expect(hub.servers()[0]?.status).toBe('connected');

      const started = Date.now();
      const pending = registry.execute(
        {
          id: 'long',
          name: 'trigger-long-running-operation',
          arguments: { duration: 20, steps: 20 },
        },
        { signal: new AbortController().signal },
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      everything.child.kill('SIGKILL');
      const result = await pending;
      const elapsed = Date.now() - started;

      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/closed the connection/);
      expect(elapsed).toBeLessThan(10_000);
      const last = statuses.at(-1);
      expect(last?.status).toBe('error');
      expect(last?.error).toMatch(/closed the connection/);
    },
    40_000,
  );
});

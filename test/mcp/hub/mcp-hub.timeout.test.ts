// One timeout for MCP calls: the registry's (limits.toolTimeoutMs, or a server's toolTimeoutMs as the
// tool's own). The hub adds none, so a limit above the MCP SDK's 60 s default really holds, and a call
// that runs over ends with one message and an MCP cancellation.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import type { McpServerConfig } from '../../../src/mcp';

/** A server whose `wait` tool answers only when it is cancelled; it records the cancellations. */
function slowServer(cancelled: unknown[]): Server {
  const server = new Server(
    { name: 'slow', version: '1.0.0' },
    { capabilities: { tools: {} }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'wait', description: 'Waits.', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (_request, extra) =>
      new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          cancelled.push(extra.signal.reason);
          resolve({ content: [{ type: 'text', text: 'stopped' }] });
        });
      }),
  );
  return server;
}

async function connect(defaultTimeoutMs: number, server: Partial<McpServerConfig> = {}) {
  const cancelled: unknown[] = [];
  const registry = new ToolRegistry({ defaultTimeoutMs });
  const hub = new McpHub({ registry });
  hub.addServer({ id: 'slow', transport: 'embedded', ...server }, () => slowServer(cancelled));
  await hub.connect('slow');
  return { registry, hub, cancelled };
}

const signal = new AbortController().signal;
const wait = { id: 'w', name: 'wait', arguments: {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('the timeout of an MCP call', () => {
  it('is limits.toolTimeoutMs even above the SDK’s 60 s default, ending with one message', async () => {
    const { registry, hub, cancelled } = await connect(90_000);
    try {
      // Connected with real timers; from here the clock is the test's.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let settled = false;
      const pending = registry.dispatch(wait, { signal }).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(61_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(29_000);
      const execution = await pending;
      expect(execution.status).toBe('timeout');
      expect(execution.result).toEqual({
        content: 'Tool execution timed out after 90000 ms',
        isError: true,
      });
      vi.useRealTimers();
      // The server heard the cancellation (notifications/cancelled), so the work stops there too.
      await expect.poll(() => cancelled.length).toBe(1);
    } finally {
      vi.useRealTimers();
      await hub.close();
    }
  });

  it('is the server’s toolTimeoutMs when it sets one, read by the registry from the tool', async () => {
    const { registry, hub, cancelled } = await connect(60_000, { toolTimeoutMs: 150 });
    try {
      expect(registry.get('wait')?.timeoutMs).toBe(150);
      const started = performance.now();
      const execution = await registry.dispatch(wait, { signal, timeoutMs: 60_000 });
      expect(execution.status).toBe('timeout');
      expect(execution.result.content).toBe('Tool execution timed out after 150 ms');
      expect(performance.now() - started).toBeLessThan(5_000);
      await expect.poll(() => cancelled.length).toBe(1);
    } finally {
      await hub.close();
    }
  });
});

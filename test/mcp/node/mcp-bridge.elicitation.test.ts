// A form a bridged server asks for reaches the page, and the person's answer reaches the server: the
// bridge's upstream client declares elicitation (so server-everything offers its form tool) and passes
// the request and the answer both ways, as a direct connection does.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import type {
  ElicitationAnswer,
  ElicitationRequest,
} from '../../../src/mcp/forms/elicitation-request';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const signal = new AbortController().signal;

describe('a form from a bridged server', () => {
  let bridge: McpBridge | undefined;
  let hub: McpHub | undefined;
  afterEach(async () => {
    await hub?.close();
    await bridge?.stop();
  });

  async function bridgedHub(
    onElicitation?: (request: ElicitationRequest) => ElicitationAnswer,
  ): Promise<ToolRegistry> {
    bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
    });
    const registry = new ToolRegistry();
    hub = new McpHub({
      registry,
      ...(onElicitation ? { onElicitation: async (request) => onElicitation(request) } : {}),
    });
    hub.addServer({ id: 'bridged', url: bridge.url, transport: 'streamable-http' });
    await hub.connect('bridged');
    return registry;
  }

  it('is shown in the page and answered there', async () => {
    const asked: ElicitationRequest[] = [];
    const registry = await bridgedHub((request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada Lovelace' } };
    });
    expect(registry.list().map((tool) => tool.name)).toContain('trigger-elicitation-request');
    const result = await registry.execute(
      { id: 'form', name: 'trigger-elicitation-request', arguments: {} },
      { signal },
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.serverId).toBe('bridged');
    expect(asked[0]?.message).toMatch(/provide inputs/i);
    expect(asked[0]?.schema.properties).toHaveProperty('name');
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('User provided the requested information');
    expect(result.content).toContain('Ada Lovelace');
  }, 40_000);

  it('is dismissed, not "Method not found", for a page that cannot show forms', async () => {
    const registry = await bridgedHub();
    const result = await registry.execute(
      { id: 'form', name: 'trigger-elicitation-request', arguments: {} },
      { signal },
    );
    expect(result.content).not.toMatch(/method not found/i);
    expect(result.content).toMatch(/cancel/i);
  }, 40_000);
});

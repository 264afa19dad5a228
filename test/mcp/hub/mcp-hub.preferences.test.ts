import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';

// A small real server whose tool list can change while connected.
function makeServer(toolNames: string[]) {
  const server = new Server(
    { name: 'prefs', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...toolNames.map((name) => ({
        name,
        description: name,
        inputSchema: { type: 'object' as const, properties: {} },
      })),
      { name: 'broken', description: 'bad schema', inputSchema: { type: 'string' } as never },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: `ran ${request.params.name}` }],
    isError: request.params.name === 'fails',
  }));
  return server;
}

describe('hub tool preferences, policies and discovery', () => {
  it('drops invalid schemas, keeps disabled tools off across reconnects, and follows listChanged', async () => {
    const warnings: string[] = [];
    const saved: Record<string, string[]>[] = [];
    const registry = new ToolRegistry();
    const toolNames = ['alpha', 'fails'];
    let latest: Server | undefined;
    const hub = new McpHub({
      registry,
      onWarning: (message) => warnings.push(message),
      onPreferencesChange: (disabled) => saved.push(disabled),
    });
    hub.addServer(
      { id: 'prefs', transport: 'embedded', approval: 'auto', toolApproval: { fails: 'ask' } },
      () => (latest = makeServer(toolNames)),
    );
    await hub.connect('prefs');
    expect(warnings.join('\n')).toMatch(/Dropped tool "broken".*not "object"/);
    expect(registry.list().map((tool) => tool.name)).toEqual(['alpha', 'fails']);

    hub.setToolEnabled('prefs', 'alpha', false);
    expect(saved.at(-1)).toEqual({ prefs: ['alpha'] });
    await hub.disconnect('prefs');
    expect(registry.list()).toEqual([]);
    await hub.connect('prefs');
    expect(registry.list().map((tool) => tool.name)).toEqual(['fails']);

    toolNames.push('gamma');
    await latest!.sendToolListChanged();
    await expect.poll(() => registry.list().map((tool) => tool.name)).toEqual(['fails', 'gamma']);

    expect(hub.policyFor('prefs', 'gamma')).toBe('auto');
    expect(hub.policyFor('prefs', 'fails')).toBe('ask');
    expect(hub.policyFor('unknown', 'x')).toBe('ask');

    const failed = await registry.execute(
      { id: '1', name: 'fails', arguments: {} },
      { signal: new AbortController().signal },
    );
    expect(failed).toMatchObject({ isError: true, content: 'ran fails' });
    await hub.close();
  });

  it('reports an unreachable server as error with its last error after retrying', async () => {
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry, retry: { attempts: 2, baseDelayMs: 10 } });
    const statuses: string[] = [];
    hub.onStatus((event) => statuses.push(event.status));
    hub.addServer({ id: 'gone', url: 'http://127.0.0.1:9/mcp', transport: 'streamable-http' });
    await hub.connect('gone');
    expect(statuses).toEqual(['connecting', 'connecting', 'error']);
    expect(hub.servers()[0]?.lastError).toBeTruthy();
    await hub.close();
  });
});

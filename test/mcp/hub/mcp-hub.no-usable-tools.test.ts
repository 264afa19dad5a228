// A server that connects but offers no tool the agent can use says so, instead of looking healthy.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';

/** A real in-memory server listing whatever `tools` holds when asked. */
function serverListing(tools: Tool[]) {
  const server = new Server(
    { name: 'sparse', version: '1' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  return server;
}

const usable: Tool = {
  name: 'count_rows',
  description: 'counts',
  inputSchema: { type: 'object', properties: {} },
};
const broken = {
  name: 'broken',
  description: 'bad schema',
  inputSchema: { type: 'string' },
} as unknown as Tool;

describe('a server with no usable tools', () => {
  it('warns plainly when the list is empty and keeps the reason on its state', async () => {
    const warnings: string[] = [];
    const hub = new McpHub({
      registry: new ToolRegistry(),
      onWarning: (message) => warnings.push(message),
    });
    hub.addServer({ id: 'empty', transport: 'embedded' }, () => serverListing([]));
    await hub.connect('empty');
    const [state] = hub.servers();
    expect(state?.status).toBe('connected');
    expect(state?.warning).toBe(
      'MCP server "empty" is connected but lists no tools, so the agent cannot use it.',
    );
    expect(warnings).toEqual([state?.warning]);
    await hub.close();
  });

  it('warns when every tool was dropped, once, and clears the note when a valid tool appears', async () => {
    const warnings: string[] = [];
    const registry = new ToolRegistry();
    const tools: Tool[] = [broken];
    let latest: Server | undefined;
    const hub = new McpHub({ registry, onWarning: (message) => warnings.push(message) });
    hub.addServer({ id: 'sparse', transport: 'embedded' }, () => (latest = serverListing(tools)));
    await hub.connect('sparse');
    const notice =
      'MCP server "sparse" is connected but none of its 1 tools is usable (each has an invalid input ' +
      'schema), so the agent cannot use it.';
    expect(warnings).toEqual([expect.stringMatching(/^Dropped tool "broken"/), notice]);
    expect(hub.servers()[0]?.warning).toBe(notice);

    // Republishing the same list (a preference change) does not repeat the notice.
    hub.setToolEnabled('sparse', 'broken', true);
    expect(warnings.filter((warning) => warning === notice)).toHaveLength(1);

    tools.push(usable);
    await latest!.sendToolListChanged();
    await expect.poll(() => registry.list().map((tool) => tool.name)).toEqual(['count_rows']);
    expect(hub.servers()[0]?.warning).toBeUndefined();
    await hub.close();
  });

  it('does not warn when the person switched every tool off', async () => {
    const warnings: string[] = [];
    const hub = new McpHub({
      registry: new ToolRegistry(),
      onWarning: (message) => warnings.push(message),
      disabledTools: { chosen: ['count_rows'] },
    });
    hub.addServer({ id: 'chosen', transport: 'embedded' }, () => serverListing([usable]));
    await hub.connect('chosen');
    expect(warnings).toEqual([]);
    expect(hub.servers()[0]?.warning).toBeUndefined();
    await hub.close();
  });
});

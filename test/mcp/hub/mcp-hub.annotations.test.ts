// Tool annotations: a tool its server marks read-only and idempotent is answered once per session for
// the same arguments; any other tool runs every time.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';

describe('MCP tool annotations', () => {
  it('memoise read-only idempotent calls for the session, and nothing else', async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry });
    hub.addServer({ id: 'catalog', transport: 'embedded' }, () => {
      const server = new Server({ name: 'catalog', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          {
            name: 'list_tables',
            description: 'tables',
            inputSchema: { type: 'object' as const, properties: {} },
            annotations: { readOnlyHint: true, idempotentHint: true },
          },
          {
            name: 'latest_rows',
            description: 'reads, but may change',
            inputSchema: { type: 'object' as const, properties: {} },
            annotations: { readOnlyHint: true },
          },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, (request) => {
        runs.push(request.params.name);
        return { content: [{ type: 'text', text: `run ${runs.length}` }] };
      });
      return server;
    });
    await hub.connect('catalog');
    const signal = new AbortController().signal;
    const call = (name: string) => registry.execute({ id: name, name, arguments: {} }, { signal });
    expect((await call('list_tables')).content).toBe('run 1');
    expect((await call('list_tables')).content).toBe('run 1');
    expect((await call('latest_rows')).content).toBe('run 2');
    expect((await call('latest_rows')).content).toBe('run 3');
    registry.clearMemo();
    expect((await call('list_tables')).content).toBe('run 4');
    expect(runs).toEqual(['list_tables', 'latest_rows', 'latest_rows', 'list_tables']);
    await hub.close();
  });

  it("carry the tool's title (or its title annotation) to the registry and the server state", async () => {
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry });
    hub.addServer({ id: 'titled', transport: 'embedded' }, () => {
      const server = new Server({ name: 'titled', version: '1' }, { capabilities: { tools: {} } });
      const inputSchema = { type: 'object' as const, properties: {} };
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          { name: 'run_sql', title: 'Run SQL', inputSchema, annotations: { title: 'Ignored' } },
          { name: 'list_tables', inputSchema, annotations: { title: 'List tables' } },
          { name: 'plain', description: 'no title', inputSchema, annotations: { title: '  ' } },
        ],
      }));
      return server;
    });
    await hub.connect('titled');
    expect(registry.get('run_sql')?.title).toBe('Run SQL');
    expect(registry.get('list_tables')?.title).toBe('List tables');
    expect(registry.get('plain')?.title).toBeUndefined();
    expect(registry.get('list_tables')?.description).toBe('List tables');
    expect(hub.servers()[0]?.tools.map((tool) => tool.title)).toEqual([
      'Run SQL',
      'List tables',
      undefined,
    ]);
    // The model sees names, never titles.
    expect(registry.specs().map((spec) => Object.keys(spec).sort())).toEqual(
      Array.from({ length: 3 }, () => ['description', 'inputSchema', 'name']),
    );
    await hub.close();
  });
});

// The approval policy of an MCP tool is decided once, where the hub registers it: the person's choice,
// then the server config's per-tool policy, then the server's, then the config's
// approvals.defaultPolicy, else ask. The registered tool carries it, and the agent follows it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/agent/run/agent';
import { McpHub, type McpHubOptions, type McpServerConfig } from '../../../src/mcp';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import type { PersonToolPolicy } from '../../../src/mcp/tools/person-tool-policies';

function server(): Server {
  const made = new Server({ name: 'policy', version: '1.0.0' }, { capabilities: { tools: {} } });
  made.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: ['query', 'describe'].map((name) => ({
      name,
      description: name,
      inputSchema: { type: 'object' as const, properties: {} },
    })),
  }));
  made.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: `ran ${request.params.name}` }],
  }));
  return made;
}

async function hubWith(config: Partial<McpServerConfig>, options: Partial<McpHubOptions> = {}) {
  const registry = new ToolRegistry();
  const hub = new McpHub({ registry, ...options });
  hub.addServer({ id: 'warehouse', transport: 'embedded', ...config }, server);
  await hub.connect('warehouse');
  const approval = (name: string) => registry.get(name)?.approval;
  return { hub, registry, approval };
}

describe('the approval policy of an MCP tool', () => {
  it('is ask when nobody set one', async () => {
    const { approval, hub } = await hubWith({});
    expect(approval('query')).toBe('ask');
    await hub.close();
  });

  it("follows the config's approvals.defaultPolicy: 'auto'", async () => {
    const { approval, hub } = await hubWith({}, { defaultPolicy: 'auto' });
    expect(approval('query')).toBe('auto');
    expect(approval('describe')).toBe('auto');
    await hub.close();
  });

  it("lets the server's policy and its per-tool policy override the default, in that order", async () => {
    const { approval, hub } = await hubWith(
      { approval: 'ask', toolApproval: { describe: 'auto' } },
      { defaultPolicy: 'auto' },
    );
    expect(approval('query')).toBe('ask');
    expect(approval('describe')).toBe('auto');
    await hub.close();
  });

  it("puts the person's choice first, updates the registered tool at once, and reports it to save", async () => {
    const saved: Record<string, PersonToolPolicy>[] = [];
    const { approval, hub } = await hubWith(
      { toolApproval: { describe: 'auto' } },
      {
        toolPolicies: { 'warehouse/describe': { policy: 'ask', remembered: false } },
        onToolPoliciesChange: (p) => saved.push(p),
      },
    );
    expect(approval('describe')).toBe('ask');
    hub.setToolPolicy('warehouse', 'query', 'auto');
    expect(approval('query')).toBe('auto');
    expect(saved.at(-1)).toEqual({
      'warehouse/describe': { policy: 'ask', remembered: false },
      'warehouse/query': { policy: 'auto', remembered: false },
    });
    await hub.close();
  });

  it('says who set each policy: the person for the session, the person remembered, or the publisher', async () => {
    const { registry, hub } = await hubWith({ toolApproval: { describe: 'auto' } });
    hub.setToolPolicy('warehouse', 'query', 'auto');
    const setBy = () =>
      Object.fromEntries(registry.list().map((tool) => [tool.name, tool.approvalSetBy]));
    expect(setBy()).toMatchObject({ query: 'person-session', describe: 'publisher' });
    hub.setToolPolicy('warehouse', 'query', 'auto', true);
    expect(setBy()).toMatchObject({ query: 'person-remembered' });
    expect(hub.personPolicies.unasked()).toEqual([
      { serverId: 'warehouse', toolName: 'query', remembered: true },
    ]);
    await hub.close();
  });

  it('is what the agent follows: with defaultPolicy auto a query runs without a card', async () => {
    const { registry, hub } = await hubWith({}, { defaultPolicy: 'auto' });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'query', arguments: {} }] },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, registry });
    // Without a card to answer, a call that needed the person would end the run interrupted.
    const result = await agent.send(
      { state: { history: [], status: 'idle' }, commit: () => {} },
      'go',
    ).result;
    expect(result.outcome).toBe('completed');
    expect(result.interruption).toBeUndefined();
    await hub.close();
  });
});

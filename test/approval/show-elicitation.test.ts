// @vitest-environment jsdom
// A real MCP server asks the person for input mid-call: the page shows the card in the chat, and the
// person's Accept is what the server receives; with no card host, servers are offered no elicitation.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { showElicitation } from '../../src/approval/show-elicitation';
import { McpHub } from '../../src/mcp';
import { ToolRegistry } from '../../src/tools/tool-registry';

function askingServer(): Server {
  const server = new Server({ name: 'crm', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'send_report', inputSchema: { type: 'object' as const, properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    if (!server.getClientCapabilities()?.elicitation) {
      return { content: [{ type: 'text', text: 'no elicitation offered' }] };
    }
    const answer = await server.elicitInput({
      message: 'Who should the report go to?',
      requestedSchema: {
        type: 'object',
        properties: {
          email: { type: 'string', title: 'Email' },
          copies: { type: 'integer', default: 2 },
        },
        required: ['email'],
      },
    });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  });
  return server;
}

async function started(withHost: boolean) {
  const registry = new ToolRegistry();
  const hub: McpHub = new McpHub({
    registry,
    ...(withHost
      ? {
          onElicitation: showElicitation(
            () => document.body,
            () => hub,
          ),
        }
      : {}),
  });
  hub.addServer({ id: 'crm', name: 'CRM', transport: 'embedded' }, askingServer);
  await hub.connect('crm');
  const call = registry.execute(
    { id: 'c1', name: 'send_report', arguments: {} },
    { signal: new AbortController().signal },
  );
  return { hub, call };
}

describe('a server asking the person for input in the page', () => {
  it('shows the card in the chat and sends the server what the person accepted', async () => {
    document.body.replaceChildren();
    const { hub, call } = await started(true);
    await expect.poll(() => document.querySelector('.mw-elicitation')).not.toBeNull();
    expect(document.body.textContent).toContain('Who should the report go to?');
    document.querySelector<HTMLInputElement>('#mw-elicit-email')!.value = 'ada@example.org';
    [...document.querySelectorAll('button')].find((node) => node.textContent === 'Accept')!.click();
    const result = await call;
    expect(JSON.parse(result.content)).toEqual({
      action: 'accept',
      content: { email: 'ada@example.org', copies: 2 },
    });
    expect(document.querySelector('.mw-elicitation')).toBeNull();
    await hub.close();
  });

  it('offers servers no elicitation where the page has nowhere to show it', async () => {
    const { hub, call } = await started(false);
    expect((await call).content).toBe('no elicitation offered');
    await hub.close();
  });
});

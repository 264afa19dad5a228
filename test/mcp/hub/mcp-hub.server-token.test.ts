// A server that echoes the token it was sent (in its text, its structured rows, or an error) does not
// put it in front of the model, the timeline or an export: the hub masks it in every result.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';

const TOKEN = 'tok-echoed-0123456789';

/** A stateless MCP server whose tools repeat the Authorization header back. */
function echoServer(): Promise<LoopbackServer> {
  return startLoopbackServer((request, response) => {
    const authorization = request.headers.authorization ?? '';
    const mcp = new McpServer({ name: 'echo', version: '1.0.0' });
    mcp.registerTool('echo', { description: 'Repeats the header.', inputSchema: {} }, () => ({
      content: [{ type: 'text', text: `you sent ${authorization}` }],
    }));
    mcp.registerTool('rows', { description: 'A table with the header.', inputSchema: {} }, () => ({
      content: [],
      structuredContent: {
        result_id: 'r1',
        columns: [{ name: 'header', type: 'VARCHAR' }],
        rows: [{ header: authorization.toUpperCase() }],
        total_rows: 1,
      },
    }));
    mcp.registerTool('fails', { description: 'Fails, echoing.', inputSchema: {} }, () => ({
      content: [{ type: 'text', text: `bad token ${Buffer.from(TOKEN).toString('base64')}` }],
      isError: true,
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
}

describe('a server that echoes its token', () => {
  let server: LoopbackServer;
  const resultStore = new ResultStore();
  const hub = new McpHub({ registry: new ToolRegistry(), retry: { attempts: 1 }, resultStore });
  const signal = new AbortController().signal;

  beforeAll(async () => {
    server = await echoServer();
    hub.addServer({
      id: 'echo',
      url: `${server.url}/mcp`,
      transport: 'streamable-http',
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const [state] = await hub.ready('echo');
    expect(state?.status).toBe('connected');
  });
  afterAll(async () => {
    await hub.close();
    await server.stop();
  });

  it('reaches the model with the token masked, in text, rows and errors', async () => {
    const text = await hub.callTool('echo', 'echo', {}, { signal });
    expect(text.content).toBe('you sent Bearer [server token]');
    const rows = await hub.callTool('echo', 'rows', {}, { signal });
    const failed = await hub.callTool('echo', 'fails', {}, { signal });
    expect(failed.isError).toBe(true);
    // The rows the table, the map and the chart read are stored masked.
    expect(resultStore.get('r1')?.rows).toEqual([{ header: 'BEARER [server token]' }]);
    const everything = JSON.stringify([text, rows, failed, resultStore.get('r1')]);
    expect(everything).toContain('[server token]');
    expect(everything.toLowerCase()).not.toContain(TOKEN.toLowerCase());
    expect(everything).not.toContain(Buffer.from(TOKEN).toString('base64'));
  });
});

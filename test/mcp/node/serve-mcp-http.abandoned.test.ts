// A call whose client goes away (the page closed with the call running) is cancelled in the session's
// server, so what it started stops. (A client that comes back to resume is sql-server.resumable's.)
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp, type McpHttpServer } from '../../../src/mcp/node/serve-mcp-http';

const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let served: McpHttpServer | undefined;
afterEach(async () => {
  await served?.stop();
  served = undefined;
});

/** A server whose `wait` tool answers when told to, or reports that it was cancelled. */
function waitingServer(events: { cancelled: () => void; started: () => void }): Server {
  const server = new Server({ name: 'waiting', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'wait', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (_request, extra) => {
    events.started();
    return new Promise((resolve) => {
      extra.signal.addEventListener('abort', () => {
        events.cancelled();
        resolve({ content: [] });
      });
    });
  });
  return server;
}

/** Opens a session by hand and returns its id. */
async function openSession(url: string): Promise<string> {
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'leaving', version: '1' },
      },
    }),
  });
  const sessionId = initialized.headers.get('mcp-session-id')!;
  await initialized.text();
  await (
    await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    })
  ).text();
  return sessionId;
}

describe('a call whose client went away', () => {
  it('is cancelled in the server once the client has not come back', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let cancelled!: () => void;
    const cancelling = new Promise<void>((resolve) => (cancelled = resolve));
    served = await serveMcpHttp({
      createSessionServer: () => waitingServer({ cancelled, started }),
    });
    const sessionId = await openSession(served.url);
    const leaving = new AbortController();
    const call = fetch(served.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': sessionId },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'wait', arguments: {} },
      }),
      signal: leaving.signal,
    }).then(
      (response) => response.text(),
      () => 'left',
    );
    await running;
    // The page closes: its connection goes, with nothing sent to say so.
    leaving.abort();
    expect(await call).toBe('left');
    await cancelling;
  }, 30_000);
});

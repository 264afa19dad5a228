// The Node SQL server's session table: idle time counts from the end of a session's last open request,
// and an expired session's transport and MCP server are both closed.
import { describe, expect, it } from 'vitest';
import { SessionTable } from '../../src/mcp/node/session-table';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const minute = 60_000;

/** A session's transport and server that record being closed. */
function fakeSession(name: string, closed: string[]) {
  const transport = {
    close: async () => {
      closed.push(`${name} transport`);
    },
  } as unknown as StreamableHTTPServerTransport;
  const server = {
    close: async () => {
      closed.push(`${name} server`);
    },
  } as unknown as Server;
  return { transport, server };
}

function tableAt(clock: { now: number }, expired: string[] = []) {
  return new SessionTable({
    maxSessions: 2,
    idleMs: 30 * minute,
    now: () => clock.now,
    onExpired: (sessionId, idleMs) => expired.push(`${sessionId} ${idleMs / minute}`),
  });
}

describe('the session table', () => {
  it('closes the transport, then the server, of a session idle for the idle time', async () => {
    const clock = { now: 0 };
    const closed: string[] = [];
    const expired: string[] = [];
    const table = tableAt(clock, expired);
    expect(table.reserve()).toBe(true);
    const { transport, server } = fakeSession('a', closed);
    table.started('a', transport, server);
    clock.now = 29 * minute;
    await table.expireIdle();
    expect(table.transportOf('a')).toBe(transport);
    clock.now = 30 * minute;
    await table.expireIdle();
    expect(table.transportOf('a')).toBeUndefined();
    expect(closed).toEqual(['a transport', 'a server']);
    expect(expired).toEqual(['a 30']);
  });

  it('never expires a session with an open request, and counts idle time from when it ended', async () => {
    const clock = { now: 0 };
    const closed: string[] = [];
    const table = tableAt(clock);
    table.reserve();
    const { transport, server } = fakeSession('a', closed);
    table.started('a', transport, server);
    const ended = table.requestStarted('a');
    clock.now = 120 * minute;
    await table.expireIdle();
    expect(table.size).toBe(1);
    ended();
    ended();
    clock.now = 149 * minute;
    await table.expireIdle();
    expect(table.size).toBe(1);
    clock.now = 150 * minute;
    await table.expireIdle();
    expect(table.size).toBe(0);
    expect(closed).toEqual(['a transport', 'a server']);
  });

  it('counts sessions being initialised toward the cap', () => {
    const table = tableAt({ now: 0 });
    expect(table.reserve()).toBe(true);
    expect(table.reserve()).toBe(true);
    expect(table.reserve()).toBe(false);
    table.abandoned();
    expect(table.reserve()).toBe(true);
  });

  it('closes every session when the server stops', async () => {
    const closed: string[] = [];
    const table = tableAt({ now: 0 });
    for (const name of ['a', 'b']) {
      table.reserve();
      const { transport, server } = fakeSession(name, closed);
      table.started(name, transport, server);
    }
    await table.closeAll();
    expect(table.size).toBe(0);
    expect(closed.sort()).toEqual(['a server', 'a transport', 'b server', 'b transport']);
  });
});

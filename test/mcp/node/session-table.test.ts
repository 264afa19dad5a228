// The Node SQL server's session table: idle time counts from the end of a session's last open request,
// an expired session's transport and MCP server are both closed, a full table closes its least recently
// used idle session for a newcomer (the client's own first when it is at its limit), and a session never
// used after `initialize` is kept from that but goes after 30 seconds.
import { describe, expect, it } from 'vitest';
import { SessionTable, type SessionTableOptions } from '../../../src/mcp/node/session-table';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const second = 1000;
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

function tableAt(
  clock: { now: number },
  expired: string[] = [],
  options: Partial<SessionTableOptions> = {},
) {
  return new SessionTable({
    maxSessions: 2,
    idleMs: 30 * minute,
    now: () => clock.now,
    onExpired: (sessionId, idleMs) => expired.push(`${sessionId} ${idleMs / minute}`),
    ...options,
  });
}

/** Reserves and starts session `name` of `client`, answers its initialize and one more request. */
function open(table: SessionTable, name: string, closed: string[], client = 'client') {
  expect(table.reserve(client)).toBeUndefined();
  const { transport, server } = fakeSession(name, closed);
  table.started(name, client, transport, server)();
  table.requestStarted(name)();
  return transport;
}

/** Which of `names` are still open. */
const openOf = (table: SessionTable, names: string[]) =>
  names.filter((name) => table.transportOf(name) !== undefined);

describe('the session table', () => {
  it('closes the transport, then the server, of a session idle for the idle time', async () => {
    const clock = { now: 0 };
    const closed: string[] = [];
    const expired: string[] = [];
    const table = tableAt(clock, expired);
    const transport = open(table, 'a', closed);
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
    open(table, 'a', closed);
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

  it('closes a session that sent nothing after its initialize answer after 30 seconds', async () => {
    const clock = { now: 0 };
    const closed: string[] = [];
    const table = tableAt(clock, [], { maxSessions: 4 });
    for (const name of ['silent', 'working']) {
      table.reserve('client');
      const { transport, server } = fakeSession(name, closed);
      table.started(name, 'client', transport, server)();
    }
    table.requestStarted('working')();
    clock.now = 29 * second;
    await table.expireIdle();
    expect(openOf(table, ['silent', 'working'])).toEqual(['silent', 'working']);
    clock.now = 30 * second;
    await table.expireIdle();
    expect(openOf(table, ['silent', 'working'])).toEqual(['working']);
  });

  it('counts sessions being initialised toward the cap', () => {
    const table = tableAt({ now: 0 }, [], { maxSessionsPerClient: 2 });
    expect(table.reserve('client')).toBeUndefined();
    expect(table.reserve('client')).toBeUndefined();
    expect(table.reserve('client')).toEqual({ reason: 'server busy', limit: 2 });
    table.abandoned('client');
    expect(table.reserve('client')).toBeUndefined();
  });

  it('closes the least recently used idle session for a newcomer when full', async () => {
    const clock = { now: 0 };
    const closed: string[] = [];
    const table = tableAt(clock, [], { maxSessions: 3, maxSessionsPerClient: 3 });
    for (const name of ['a', 'b', 'c']) {
      open(table, name, closed);
      clock.now += 10 * second;
    }
    // b was used last of all; a is the least recently used.
    table.requestStarted('b')();
    clock.now += 10 * second;
    open(table, 'd', closed);
    expect(openOf(table, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
    clock.now += 10 * second;
    open(table, 'e', closed);
    expect(openOf(table, ['b', 'c', 'd', 'e'])).toEqual(['b', 'd', 'e']);
    await Promise.resolve();
    expect(closed).toEqual(['a transport', 'c transport']);
  });

  it('never closes a busy session for room, and refuses once every session is busy', () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessionsPerClient: 2 });
    open(table, 'a', []);
    open(table, 'b', []);
    const aEnded = table.requestStarted('a');
    const bEnded = table.requestStarted('b');
    clock.now += 60 * minute;
    expect(table.reserve('client')).toEqual({ reason: 'server busy', limit: 2 });
    bEnded();
    clock.now += 10 * second;
    expect(table.reserve('client')).toBeUndefined();
    expect(openOf(table, ['a', 'b'])).toEqual(['a']);
    aEnded();
  });

  it('keeps a session idle for less than a second, which is between two requests', () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessions: 1 });
    open(table, 'a', []);
    clock.now += 999;
    expect(table.reserve('client')).toEqual({ reason: 'server busy', limit: 1 });
    expect(table.msUntilSettled()).toBe(1);
    clock.now += 1;
    expect(table.reserve('client')).toBeUndefined();
    expect(table.size).toBe(0);
  });

  it('keeps a session open while its initialize is being answered', () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessions: 1 });
    table.reserve('client');
    const { transport, server } = fakeSession('a', []);
    const answered = table.started('a', 'client', transport, server);
    clock.now += 60 * second;
    expect(table.reserve('client')).toEqual({ reason: 'server busy', limit: 1 });
    answered();
    table.requestStarted('a')();
    clock.now += 1 * second;
    expect(table.reserve('client')).toBeUndefined();
  });

  it('never closes for room a session still setting up, which goes only by expiring', async () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessions: 1 });
    table.reserve('client');
    const { transport, server } = fakeSession('a', []);
    table.started('a', 'client', transport, server)();
    // notifications/initialized is part of setting up; the client's next request has not come yet.
    table.requestStarted('a', true)();
    clock.now += 29 * second;
    expect(table.reserve('client')).toEqual({ reason: 'server busy', limit: 1 });
    await table.expireIdle();
    expect(table.size).toBe(1);
    clock.now += 1 * second;
    await table.expireIdle();
    expect(table.size).toBe(0);
    expect(table.reserve('client')).toBeUndefined();
  });

  it("closes a client's own idle session when it is at its limit, not another client's", () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessions: 4 });
    expect(table.maxSessionsPerClient).toBe(2);
    open(table, 'other', [], 'other client');
    clock.now += 10 * second;
    open(table, 'own 1', [], 'greedy client');
    clock.now += 10 * second;
    open(table, 'own 2', [], 'greedy client');
    clock.now += 10 * second;
    // The other client's session is the least recently used, but the greedy client pays for its own.
    open(table, 'own 3', [], 'greedy client');
    expect(openOf(table, ['other', 'own 1', 'own 2', 'own 3'])).toEqual([
      'other',
      'own 2',
      'own 3',
    ]);
  });

  it('refuses a client at its limit whose sessions are all busy, while others still get in', () => {
    const clock = { now: 0 };
    const table = tableAt(clock, [], { maxSessions: 4 });
    open(table, 'own 1', [], 'greedy client');
    open(table, 'own 2', [], 'greedy client');
    table.requestStarted('own 1');
    table.requestStarted('own 2');
    clock.now += 60 * minute;
    expect(table.reserve('greedy client')).toEqual({ reason: 'client busy', limit: 2 });
    expect(table.reserve('other client')).toBeUndefined();
    expect(table.reserve('other client')).toBeUndefined();
    expect(table.reserve('third client')).toEqual({ reason: 'server busy', limit: 4 });
  });

  it('closes every session when the server stops', async () => {
    const closed: string[] = [];
    const table = tableAt({ now: 0 }, [], { maxSessionsPerClient: 2 });
    open(table, 'a', closed);
    open(table, 'b', closed);
    await table.closeAll();
    expect(table.size).toBe(0);
    expect(closed.sort()).toEqual(['a server', 'a transport', 'b server', 'b transport']);
  });
});

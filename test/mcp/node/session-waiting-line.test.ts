// Newcomers to a full session table wait their turn: a place that comes free (a session ends, or an
// idle one settles) goes to the first in line, and a newcomer no place came for is refused in time.
import { describe, expect, it } from 'vitest';
import { SessionTable } from '../../../src/mcp/node/session-table';
import { SessionWaitingLine } from '../../../src/mcp/node/session-waiting-line';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const closable = { close: async () => {} };

/** A table of `maxSessions` with one busy session per name; returns each session's `ended`. */
function fullTable(names: string[], settleMs = 60_000) {
  const table = new SessionTable({ maxSessions: names.length, idleMs: 60_000, settleMs });
  const ends = names.map((name) => {
    table.reserve('script');
    const transport = closable as unknown as StreamableHTTPServerTransport;
    table.started(name, 'script', transport, closable as unknown as Server)();
    return table.requestStarted(name);
  });
  return { table, ends };
}

describe('the session waiting line', () => {
  it('gives a place that comes free to the first in line, then the next', async () => {
    const { table } = fullTable(['a', 'b']);
    const line = new SessionWaitingLine(table, { maxWaitMs: 5000, maxWaiting: 4 });
    const admitted: string[] = [];
    const first = line.admit('first').then((refusal) => refusal ?? admitted.push('first'));
    const second = line.admit('second').then((refusal) => refusal ?? admitted.push('second'));
    expect(line.waiting).toBe(2);
    table.forget('a');
    await first;
    expect(admitted).toEqual(['first']);
    table.forget('b');
    await second;
    expect(admitted).toEqual(['first', 'second']);
    line.close();
  });

  it('lets a newcomer in once a busy session has been idle for the settle time', async () => {
    const { table, ends } = fullTable(['a'], 50);
    const line = new SessionWaitingLine(table, { maxWaitMs: 5000, maxWaiting: 4 });
    const sent = performance.now();
    const waiting = line.admit('newcomer');
    ends[0]?.();
    expect(await waiting).toBeUndefined();
    expect(performance.now() - sent).toBeGreaterThanOrEqual(45);
    expect(table.transportOf('a')).toBeUndefined();
    line.close();
  });

  it('refuses a newcomer no place came free for within the longest wait', async () => {
    const { table } = fullTable(['a']);
    const line = new SessionWaitingLine(table, { maxWaitMs: 50, maxWaiting: 4 });
    expect(await line.admit('newcomer')).toEqual({ reason: 'server busy', limit: 1 });
    expect(line.waiting).toBe(0);
    line.close();
  });

  it('takes a newcomer that went away out of the line, and refuses at once past the longest line', async () => {
    const { table } = fullTable(['a']);
    const line = new SessionWaitingLine(table, { maxWaitMs: 5000, maxWaiting: 1 });
    const gone = new AbortController();
    const leaving = line.admit('leaving', gone.signal);
    const sent = performance.now();
    expect(await line.admit('one too many')).toEqual({ reason: 'server busy', limit: 1 });
    expect(performance.now() - sent).toBeLessThan(1000);
    gone.abort();
    expect(await leaving).toEqual({ reason: 'server busy', limit: 1 });
    expect(line.waiting).toBe(0);
    table.forget('a');
    // The place went to no one: the client that left holds nothing.
    expect(table.reserve('next')).toBeUndefined();
    line.close();
  });
});

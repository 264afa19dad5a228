// The per-session event store stays within its byte and event bounds, and never replays across a gap.
import { describe, expect, it } from 'vitest';
import { SessionEventStore } from '../../../src/mcp/node/session-event-store';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const message = (id: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  result: { pad: 'x'.repeat(60) },
});

async function replayed(store: SessionEventStore, after: string) {
  const sent: string[] = [];
  const streamId = await store.replayEventsAfter(after, {
    send: (eventId) => Promise.resolve(void sent.push(eventId)),
  });
  return { streamId, sent };
}

describe('SessionEventStore', () => {
  it('replays only the later events of the same stream', async () => {
    const store = new SessionEventStore();
    const first = await store.storeEvent('a', message(1));
    const other = await store.storeEvent('b', message(2));
    const second = await store.storeEvent('a', message(3));
    expect(await replayed(store, first)).toEqual({ streamId: 'a', sent: [second] });
    expect(await replayed(store, other)).toEqual({ streamId: 'b', sent: [] });
  });

  it('forgets the oldest events past its bound, and then refuses to resume after them', async () => {
    const size = JSON.stringify(message(1)).length;
    const store = new SessionEventStore(size * 2);
    const oldest = await store.storeEvent('a', message(1));
    const middle = await store.storeEvent('a', message(2));
    const newest = await store.storeEvent('a', message(3));
    expect(await store.getStreamIdForEventId(oldest)).toBeUndefined();
    expect(await store.getStreamIdForEventId(middle)).toBe('a');
    expect(await replayed(store, middle)).toEqual({ streamId: 'a', sent: [newest] });
  });

  it('forgets the oldest events past its count, however small they are', async () => {
    const store = new SessionEventStore(Number.MAX_SAFE_INTEGER, 2);
    const oldest = await store.storeEvent('a', message(1));
    const middle = await store.storeEvent('a', message(2));
    const newest = await store.storeEvent('a', message(3));
    expect(await store.getStreamIdForEventId(oldest)).toBeUndefined();
    expect(await replayed(store, middle)).toEqual({ streamId: 'a', sent: [newest] });
  });
});

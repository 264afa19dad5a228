// One session's SSE events kept for a while, so a client whose stream dropped mid-call reconnects with
// Last-Event-ID and gets what it missed (Streamable HTTP resumability) instead of a lost answer.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Bytes of events one session keeps by default (4 MB); older events go first. */
export const DEFAULT_SESSION_EVENT_BYTES = 4 * 1024 * 1024;
/**
 * Events one session keeps by default: priming events and progress notifications are tiny, so a byte
 * bound alone would let a long session pile up millions of them.
 */
export const DEFAULT_SESSION_EVENT_COUNT = 10_000;

interface StoredEvent {
  streamId: string;
  sequence: number;
  message: JSONRPCMessage;
  bytes: number;
}

/**
 * An in-memory event store for one session, bounded in bytes and in events: a query result bigger
 * than the byte bound is not kept, and a client resuming after an event that is gone is refused rather than sent a gap.
 */
export class SessionEventStore implements EventStore {
  private readonly events = new Map<string, StoredEvent>();
  private totalBytes = 0;
  private sequence = 0;

  constructor(
    private readonly maxBytes = DEFAULT_SESSION_EVENT_BYTES,
    private readonly maxEvents = DEFAULT_SESSION_EVENT_COUNT,
  ) {}

  /** Keeps one event and returns its id (`<stream>:<sequence>`). */
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.sequence += 1;
    const eventId = `${streamId}:${this.sequence}`;
    const bytes = JSON.stringify(message).length;
    this.events.set(eventId, { streamId, sequence: this.sequence, message, bytes });
    this.totalBytes += bytes;
    // Maps iterate in insertion order, so the first entries are the oldest.
    for (const [oldestId, oldest] of this.events) {
      if (this.totalBytes <= this.maxBytes && this.events.size <= this.maxEvents) break;
      this.events.delete(oldestId);
      this.totalBytes -= oldest.bytes;
    }
    return Promise.resolve(eventId);
  }

  /** The stream of a kept event; undefined once the event is gone, so the resume is refused. */
  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId);
  }

  /** Sends the events of the same stream that came after `lastEventId`, in order. */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = this.events.get(lastEventId);
    if (!last) return '';
    for (const [eventId, event] of [...this.events]) {
      if (event.streamId === last.streamId && event.sequence > last.sequence) {
        await send(eventId, event.message);
      }
    }
    return last.streamId;
  }
}

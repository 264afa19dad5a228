// Reads an SSE response body in batches: one batch per network chunk keeps the per-event cost low.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { readBodyChunks } from './read-body-chunks';

/** One parsed SSE event: `event` is undefined for plain `data:` lines. */
export type ServerSentEvent = EventSourceMessage;

/**
 * Yields the events completed by each chunk of `body`, as arrays. An incomplete event at the end of the
 * body is dropped, as the SSE specification says; the caller notices the missing end marker.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent[]> {
  let batch: ServerSentEvent[] = [];
  const parser = createParser({ onEvent: (event) => batch.push(event) });
  const decoder = new TextDecoder();
  for await (const value of readBodyChunks(body, signal)) {
    parser.feed(decoder.decode(value, { stream: true }));
    if (batch.length > 0) {
      const ready = batch;
      batch = [];
      yield ready;
    }
  }
  parser.feed(decoder.decode());
  if (batch.length > 0) yield batch;
}

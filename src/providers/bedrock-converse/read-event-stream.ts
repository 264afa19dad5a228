// Reads an AWS event stream (`application/vnd.amazon.eventstream`, the ConverseStream body): binary
// messages framed by their length and checked by CRC32, split across network reads at any byte.
import { EventStreamCodec, getChunkedStream } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { readBodyChunks } from '../read-body-chunks';
import type { ServerSentEvent } from '../read-server-sent-events';

/** The media type of an AWS event stream. */
export const eventStreamMediaType = 'application/vnd.amazon.eventstream';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function headerText(
  headers: Record<string, { type: string; value: unknown }>,
  name: string,
): string {
  const header = headers[name];
  return header?.type === 'string' && typeof header.value === 'string' ? header.value : '';
}

/**
 * Yields each message of the stream as an event the parsers read like SSE: `event` is the event type
 * (`contentBlockDelta`…), `exception:<type>` for an exception message, `error:<code>` for an error
 * message; `data` is the JSON payload (the error message for `error:`). A truncated last message or a
 * bad checksum throws, which the runner reports as an interrupted stream.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent[]> {
  for await (const bytes of getChunkedStream(readBodyChunks(body, signal))) {
    const message = codec.decode(bytes);
    const headers = message.headers as Record<string, { type: string; value: unknown }>;
    const messageType = headerText(headers, ':message-type');
    const data = toUtf8(message.body);
    if (messageType === 'exception') {
      yield [{ event: `exception:${headerText(headers, ':exception-type')}`, data }];
    } else if (messageType === 'error') {
      const text = headerText(headers, ':error-message') || data;
      yield [{ event: `error:${headerText(headers, ':error-code')}`, data: text }];
    } else {
      yield [{ event: headerText(headers, ':event-type'), data }];
    }
  }
}

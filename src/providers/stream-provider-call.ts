// The shared half of every adapter: send the request, map failures, read SSE through the provider's
// parser, hold back text that may be a tool call, and decide how the stream ended.
import { errorFromFetchFailure, errorFromResponse, interruptedError } from './map-http-error';
import { ProviderError, type ProviderName } from './provider-error';
import { readServerSentEvents, type ServerSentEvent } from './read-server-sent-events';
import { contentFilterNotice } from './refusal-notice';
import { TextCallHoldback } from './text-call-holdback';
import { recoverToolCalls } from './tool-call-recovery';
import type { ModelEvent } from '../agent/types';
import type { FetchFunction } from './provider-options';
import type { StreamParser } from './stream-parser';
import type { RecoveryContext } from './text-call-syntax';

/** One streaming request to a provider. */
export interface ProviderCall {
  provider: ProviderName;
  endpoint: string;
  fetch: FetchFunction;
  headers: Record<string, string>;
  body: unknown;
  parser: StreamParser;
  /** Recovery of calls written as text; undefined when no tools are registered for this round. */
  recovery: RecoveryContext | undefined;
  /** Reads a body that is not SSE (Bedrock's binary event stream) as the parser's events. */
  readBody?: BodyReader;
}

/** Reads a response body as batches of events for the parser, one batch per read or message. */
export type BodyReader = (
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
) => AsyncIterable<ServerSentEvent[]>;

/**
 * Streams one call as ModelEvents. Aborting `signal` ends the stream quietly. A stream cut off before
 * its end marker yields the text received, then throws a ProviderError marked `interrupted`.
 */
export async function* streamProviderCall(
  call: ProviderCall,
  signal: AbortSignal,
): AsyncGenerator<ModelEvent> {
  if (signal.aborted) return;
  let response: Response;
  try {
    response = await call.fetch(call.endpoint, {
      method: 'POST',
      headers: call.headers,
      body: JSON.stringify(call.body),
      signal,
      // The key is bound to this endpoint: a redirect would carry it (custom key headers included)
      // to another host, so a redirect fails the call instead of being followed.
      redirect: 'error',
    });
  } catch (error) {
    if (signal.aborted) return;
    throw errorFromFetchFailure(call.provider, call.endpoint, error);
  }
  if (!response.ok) throw await errorFromResponse(call.provider, call.endpoint, response);
  if (response.body === null) throw interruptedError(call.provider);

  const holdback = call.recovery ? new TextCallHoldback(call.recovery) : undefined;
  let toolCallCount = 0;
  let textShown = false;
  const shown = (text: string): string => {
    if (!textShown && text.trim().length > 0) textShown = true;
    return text;
  };
  let readError: unknown;
  // Text deltas from one network read are shown together anyway; joining them keeps the per-event
  // cost (hold-back scan, generator hand-off) per read rather than per token.
  let pendingText = '';
  const takeVisibleText = (): string => {
    const text = holdback ? holdback.push(pendingText) : pendingText;
    pendingText = '';
    return text;
  };
  try {
    const batches = isJsonAnswer(response, call.parser)
      ? jsonAnswer(response, call.parser)
      : (call.readBody ?? readServerSentEvents)(response.body, signal);
    reading: for await (const batch of batches) {
      for (const message of batch) {
        for (const event of call.parser.push(message)) {
          if (event.type === 'text-delta') {
            pendingText += event.text;
            continue;
          }
          if (pendingText.length > 0) {
            const visible = takeVisibleText();
            if (visible.length > 0) yield { type: 'text-delta', text: shown(visible) };
          }
          if (event.type === 'tool-call') toolCallCount++;
          yield event;
        }
        if (call.parser.done) break;
      }
      if (pendingText.length > 0) {
        const visible = takeVisibleText();
        if (visible.length > 0) yield { type: 'text-delta', text: shown(visible) };
      }
      if (call.parser.done) break reading;
    }
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof ProviderError) {
      const held = (holdback?.flush() ?? '') + pendingText;
      if (held) yield { type: 'text-delta', text: held };
      throw error;
    }
    readError = error;
  }
  if (signal.aborted) return;

  const end = call.parser.end();
  for (const toolCall of end.calls) {
    toolCallCount++;
    yield { type: 'tool-call', call: toolCall };
  }
  const held = holdback?.flush() ?? '';
  if (held.length > 0) {
    if (toolCallCount === 0 && end.complete && call.recovery) {
      const recovered = recoverToolCalls(held, call.recovery);
      if (recovered.text.length > 0) yield { type: 'text-delta', text: shown(recovered.text) };
      for (const toolCall of recovered.calls) {
        toolCallCount++;
        yield { type: 'tool-call', call: toolCall };
      }
    } else {
      yield { type: 'text-delta', text: shown(held) };
    }
  }
  if (!end.complete) throw interruptedError(call.provider, readError);
  // A filtered answer with nothing shown would read as an empty answer; say what happened.
  if (end.reason === 'content-filter' && !textShown && toolCallCount === 0) {
    yield { type: 'text-delta', text: contentFilterNotice };
  }
  const reason = toolCallCount > 0 && end.reason === 'stop' ? 'tool-calls' : end.reason;
  yield end.usage ? { type: 'finish', reason, usage: end.usage } : { type: 'finish', reason };
}

/** True when the server ignored `stream: true` and the parser can read a whole JSON answer. */
function isJsonAnswer(response: Response, parser: StreamParser): boolean {
  const type = response.headers.get('content-type') ?? '';
  return (
    parser.eventsFromJson !== undefined && /\bjson\b/i.test(type) && !/event-stream/i.test(type)
  );
}

/** The whole JSON body as one batch of the events it stands for. */
async function* jsonAnswer(
  response: Response,
  parser: StreamParser,
): AsyncGenerator<ServerSentEvent[]> {
  const body = await response.text();
  yield parser.eventsFromJson?.(body) ?? [];
}

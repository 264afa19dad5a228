// Replays recorded SSE bytes through an injected fetch, in odd-sized chunks, recording each request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatModel, ModelEvent, ModelRequest, ToolCall, Usage } from '../../src/agent/types';
import type { FetchFunction } from '../../src/providers/provider-options';

/** A request the adapter sent. */
export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Reads test/fixtures/providers/<provider>/<name>. */
export function fixture(provider: string, name: string): string {
  return readFileSync(join(import.meta.dirname, '../fixtures/providers', provider, name), 'utf8');
}

/** Chunk sizes that split lines, events, JSON and multi-byte characters at awkward places. */
export const oddChunkSizes = [1, 7, 13, 2, 64, 3, 251, 5, 29];

/** A body stream that hands out `bytes` in the given chunk sizes, and fails when `signal` aborts. */
export function chunkedBody(
  bytes: Uint8Array,
  chunkSizes: number[] = oddChunkSizes,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () =>
        controller.error(new DOMException('aborted', 'AbortError')),
      );
    },
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const size = chunkSizes[turn++ % chunkSizes.length] ?? 16;
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** Options for a replaying fetch. */
export interface ReplayOptions {
  status?: number;
  headers?: Record<string, string>;
  chunkSizes?: number[];
}

/** A fetch that answers every request with `payload` (text, or bytes of a binary stream), recording what was sent. */
export function replayFetch(
  payload: string | Uint8Array,
  options: ReplayOptions = {},
): { fetch: FetchFunction; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchFunction = async (url, init) => {
    requests.push({
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
    const status = options.status ?? 200;
    return new Response(
      status === 200
        ? chunkedBody(bytes, options.chunkSizes, init.signal ?? undefined)
        : new Blob([bytes.slice()]),
      {
        status,
        headers: {
          'content-type': status === 200 ? 'text/event-stream' : 'application/json',
          ...options.headers,
        },
      },
    );
  };
  return { fetch, requests };
}

/** A fetch that answers each request with the next payload, recording what was sent. */
export function replaySequence(
  payloads: (string | Uint8Array)[],
  options: ReplayOptions = {},
): { fetch: FetchFunction; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchFunction = async (url, init) => {
    const payload = payloads[requests.length];
    if (payload === undefined)
      throw new Error(`No recorded answer for request ${requests.length + 1}`);
    const replay = replayFetch(payload, options);
    const response = await replay.fetch(url, init);
    requests.push(...replay.requests);
    return response;
  };
  return { fetch, requests };
}

/** Everything one stream produced, gathered for assertions. */
export interface Collected {
  events: ModelEvent[];
  text: string;
  reasoning: string;
  calls: ToolCall[];
  finish: { reason: string; usage?: Usage } | undefined;
  error: unknown;
}

/** Runs a model stream to its end, keeping the error instead of throwing it. */
export async function collect(
  model: ChatModel,
  request: ModelRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<Collected> {
  const collected: Collected = {
    events: [],
    text: '',
    reasoning: '',
    calls: [],
    finish: undefined,
    error: undefined,
  };
  try {
    for await (const event of model.stream(request, signal)) {
      collected.events.push(event);
      if (event.type === 'text-delta') collected.text += event.text;
      else if (event.type === 'reasoning-delta') collected.reasoning += event.text;
      else if (event.type === 'tool-call') collected.calls.push(event.call);
      else
        collected.finish = event.usage
          ? { reason: event.reason, usage: event.usage }
          : { reason: event.reason };
    }
  } catch (error) {
    collected.error = error;
  }
  return collected;
}

/** Tool specs the fixtures' calls use. */
export const mapTools = [
  {
    name: 'query_sql',
    description: 'Run a read-only SQL query.',
    inputSchema: {
      type: 'object',
      properties: { sql: { type: 'string' }, limit: { type: 'integer' } },
      required: ['sql'],
      additionalProperties: false,
    },
  },
  {
    name: 'fly_to',
    description: 'Move the map.',
    inputSchema: {
      type: 'object',
      properties: {
        longitude: { type: 'number' },
        latitude: { type: 'number' },
        zoom: { type: 'number' },
      },
    },
  },
  {
    name: 'set_layer_visibility',
    description: 'Show or hide a layer.',
    inputSchema: {
      type: 'object',
      properties: { layer: { type: 'string' }, visible: { type: 'boolean' } },
    },
  },
];

/** A one-question request with the map tools. */
export const askWithTools: ModelRequest = {
  messages: [
    { role: 'system', content: 'You answer questions about earthquakes.' },
    { role: 'user', content: 'Where was the strongest earthquake this week?' },
  ],
  tools: mapTools,
};

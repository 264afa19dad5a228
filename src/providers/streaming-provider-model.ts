// What the adapters share: capabilities from the tool mode, the endpoint, fetch, common headers,
// and the hand-off to streamProviderCall. Each subclass only builds its wire body and auth header.
import { prepareToolMode, type PreparedRequest } from './prepare-tool-mode';
import {
  resolveFetch,
  type FetchFunction,
  type ProviderModelOptions,
  type ToolMode,
} from './provider-options';
import { streamProviderCall, type BodyReader } from './stream-provider-call';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../agent/types';
import type { ProviderName } from './provider-error';
import type { StreamParser } from './stream-parser';

/** One provider request, in that provider's wire format. */
export interface WireRequest {
  body: Record<string, unknown>;
  parser: StreamParser;
  /** Provider-specific headers sent before the caller's extra headers (e.g. the API version). */
  headers?: Record<string, string>;
  /** The credential header, sent last so extra headers cannot replace it by accident. */
  authHeaders?: Record<string, string>;
  /** Reads a body that is not SSE; the stream's media type goes in `headers.accept`. */
  readBody?: BodyReader;
}

/** Base class of the streaming adapters. */
export abstract class StreamingProviderModel<
  Options extends ProviderModelOptions,
> implements ChatModel {
  readonly id: string;
  readonly capabilities: ModelCapabilities;
  protected readonly toolMode: ToolMode;
  private readonly fetch: FetchFunction;

  protected constructor(
    protected readonly options: Options,
    private readonly provider: ProviderName,
    private readonly endpoint: string,
  ) {
    this.id = `${options.providerId ?? provider}:${options.model}`;
    this.toolMode = options.toolMode ?? 'native';
    this.capabilities = { tools: this.toolMode !== 'none', toolMode: this.toolMode };
    this.fetch = resolveFetch(options.fetch);
  }

  /** Builds the provider's request body, parser and headers for one round. */
  protected abstract wireRequest(prepared: PreparedRequest): WireRequest;

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
    const prepared = prepareToolMode(request, this.toolMode);
    const wire = this.wireRequest(prepared);
    return streamProviderCall(
      {
        provider: this.provider,
        endpoint: this.endpoint,
        fetch: this.fetch,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...wire.headers,
          ...this.options.headers,
          ...wire.authHeaders,
        },
        body: wire.body,
        parser: wire.parser,
        recovery: prepared.recovery,
        ...(wire.readBody ? { readBody: wire.readBody } : {}),
      },
      signal,
    );
  }
}

// Options shared by every adapter's factory.

/**
 * How a model is offered tools. `native`: the provider's tool field. `json-in-text`: the system prompt
 * lists the tools and asks for one JSON object `{"tool": ..., "arguments": ...}`, which the adapter turns
 * into a call. `none`: no tools at all, a single streamed pass.
 */
export type ToolMode = 'native' | 'json-in-text' | 'none';

/** The fetch signature adapters use; inject one in tests or to route through a proxy. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** What every factory takes. */
export interface ProviderModelOptions {
  /** The provider's model name, e.g. `gpt-4o-mini`, `claude-sonnet-4-5`, `gemini-2.5-flash`. */
  model: string;
  /** Sent only to this provider's endpoint. Optional for local servers. */
  apiKey?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchFunction;
  /** Extra request headers (e.g. OpenRouter's `HTTP-Referer`). */
  headers?: Record<string, string>;
  /** Default `native`. */
  toolMode?: ToolMode;
  temperature?: number;
  maxTokens?: number;
  /**
   * Who serves the model, as the person chose it (`openai`, `openrouter`, `bedrock`, `local`…), for the
   * model's id and so the audit record; else the adapter family's name.
   */
  providerId?: string;
}

/** The injected fetch, or the global one bound to globalThis (unbound, browsers throw "Illegal invocation"). */
export function resolveFetch(fetchFunction: FetchFunction | undefined): FetchFunction {
  if (fetchFunction) return fetchFunction;
  return (input, init) => globalThis.fetch(input, init);
}

/** Removes trailing slashes so paths can be appended. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

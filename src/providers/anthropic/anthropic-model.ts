// ChatModel over the Anthropic Messages API, streamed, callable straight from a browser.
import { prepareToolMode } from '../prepare-tool-mode';
import {
  resolveFetch,
  trimBaseUrl,
  type FetchFunction,
  type ProviderModelOptions,
  type ToolMode,
} from '../provider-options';
import { streamProviderCall } from '../stream-provider-call';
import { AnthropicStreamParser } from './anthropic-stream-parser';
import { convertAnthropicMessages, prepareAnthropicTools } from './convert-anthropic-messages';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../../agent/types';

/** Options for Anthropic. */
export interface AnthropicModelOptions extends ProviderModelOptions {
  /** Default `https://api.anthropic.com`; `/v1/messages` is appended. */
  baseUrl?: string;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  apiVersion?: string;
  /** Turns on extended thinking with this token budget (must be below maxTokens). */
  thinkingBudgetTokens?: number;
}

/** The default base URL. */
export const anthropicBaseUrl = 'https://api.anthropic.com';

/** The Messages API requires max_tokens; this is used when the options give none. */
export const anthropicDefaultMaxTokens = 4096;

/** A ChatModel speaking the Anthropic Messages streaming wire format. */
export class AnthropicModel implements ChatModel {
  readonly id: string;
  readonly capabilities: ModelCapabilities;
  private readonly endpoint: string;
  private readonly fetch: FetchFunction;
  private readonly toolMode: ToolMode;

  constructor(private readonly options: AnthropicModelOptions) {
    this.id = `anthropic:${options.model}`;
    this.toolMode = options.toolMode ?? 'native';
    this.capabilities = { tools: this.toolMode !== 'none', toolMode: this.toolMode };
    this.endpoint = `${trimBaseUrl(options.baseUrl ?? anthropicBaseUrl)}/v1/messages`;
    this.fetch = resolveFetch(options.fetch);
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
    const prepared = prepareToolMode(request, this.toolMode);
    const { options } = this;
    const converted = convertAnthropicMessages(prepared.messages);
    const body: Record<string, unknown> = {
      model: options.model,
      max_tokens: options.maxTokens ?? anthropicDefaultMaxTokens,
      messages: converted.messages,
      stream: true,
    };
    if (converted.system !== undefined) body.system = converted.system;
    if (prepared.nativeTools.length > 0) body.tools = prepareAnthropicTools(prepared.nativeTools);
    if (options.thinkingBudgetTokens !== undefined) {
      body.thinking = { type: 'enabled', budget_tokens: options.thinkingBudgetTokens };
    } else if (options.temperature !== undefined) {
      body.temperature = options.temperature; // not allowed together with thinking
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'anthropic-version': options.apiVersion ?? '2023-06-01',
      // Anthropic refuses browser (CORS) requests without this opt-in; the key is the visitor's own.
      'anthropic-dangerous-direct-browser-access': 'true',
      ...options.headers,
    };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    return streamProviderCall(
      {
        provider: 'anthropic',
        endpoint: this.endpoint,
        fetch: this.fetch,
        headers,
        body,
        parser: new AnthropicStreamParser(),
        recovery: prepared.recovery,
      },
      signal,
    );
  }
}

/** Creates a ChatModel for the Anthropic Messages API. */
export function createAnthropicModel(options: AnthropicModelOptions): ChatModel {
  return new AnthropicModel(options);
}

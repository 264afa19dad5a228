// ChatModel over Gemini's streamGenerateContent with server-sent events.
import { prepareToolMode } from '../prepare-tool-mode';
import {
  resolveFetch,
  trimBaseUrl,
  type FetchFunction,
  type ProviderModelOptions,
  type ToolMode,
} from '../provider-options';
import { streamProviderCall } from '../stream-provider-call';
import { convertGeminiMessages } from './convert-gemini-messages';
import { GeminiStreamParser } from './gemini-stream-parser';
import { prepareGeminiTools } from './prepare-gemini-tools';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../../agent/types';

/** Options for Gemini. */
export interface GeminiModelOptions extends ProviderModelOptions {
  /** Default `https://generativelanguage.googleapis.com/v1beta`. */
  endpoint?: string;
  /** Ask for thought summaries, shown as reasoning (`thinkingConfig.includeThoughts`). */
  includeThoughts?: boolean;
}

/** The default API root. */
export const geminiBaseUrl = 'https://generativelanguage.googleapis.com/v1beta';

/** A ChatModel speaking Gemini's streaming wire format. */
export class GeminiModel implements ChatModel {
  readonly id: string;
  readonly capabilities: ModelCapabilities;
  private readonly endpoint: string;
  private readonly fetch: FetchFunction;
  private readonly toolMode: ToolMode;

  constructor(private readonly options: GeminiModelOptions) {
    this.id = `gemini:${options.model}`;
    this.toolMode = options.toolMode ?? 'native';
    this.capabilities = { tools: this.toolMode !== 'none', toolMode: this.toolMode };
    const model = encodeURIComponent(options.model.replace(/^models\//, ''));
    // The key goes in a header, never in the URL, so it stays out of logs and error messages.
    this.endpoint = `${trimBaseUrl(options.endpoint ?? geminiBaseUrl)}/models/${model}:streamGenerateContent?alt=sse`;
    this.fetch = resolveFetch(options.fetch);
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
    const prepared = prepareToolMode(request, this.toolMode);
    const { options } = this;
    const converted = convertGeminiMessages(prepared.messages);
    const body: Record<string, unknown> = { contents: converted.contents };
    if (converted.systemInstruction) body.systemInstruction = converted.systemInstruction;
    if (prepared.nativeTools.length > 0) body.tools = prepareGeminiTools(prepared.nativeTools);
    const generationConfig: Record<string, unknown> = {};
    if (options.temperature !== undefined) generationConfig.temperature = options.temperature;
    if (options.maxTokens !== undefined) generationConfig.maxOutputTokens = options.maxTokens;
    if (options.includeThoughts) generationConfig.thinkingConfig = { includeThoughts: true };
    if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...options.headers,
    };
    if (options.apiKey) headers['x-goog-api-key'] = options.apiKey;
    return streamProviderCall(
      {
        provider: 'gemini',
        endpoint: this.endpoint,
        fetch: this.fetch,
        headers,
        body,
        parser: new GeminiStreamParser(),
        recovery: prepared.recovery,
      },
      signal,
    );
  }
}

/** Creates a ChatModel for the Gemini API. */
export function createGeminiModel(options: GeminiModelOptions): ChatModel {
  return new GeminiModel(options);
}

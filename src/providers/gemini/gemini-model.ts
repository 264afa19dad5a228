// ChatModel over Gemini's streamGenerateContent with server-sent events.
import { trimBaseUrl, type ProviderModelOptions } from '../provider-options';
import { StreamingProviderModel, type WireRequest } from '../streaming-provider-model';
import { convertGeminiMessages } from './convert-gemini-messages';
import { GeminiStreamParser } from './gemini-stream-parser';
import { prepareGeminiTools } from './prepare-gemini-tools';
import type { ChatModel } from '../../agent/types';
import type { PreparedRequest } from '../prepare-tool-mode';

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
export class GeminiModel extends StreamingProviderModel<GeminiModelOptions> {
  constructor(options: GeminiModelOptions) {
    const model = encodeURIComponent(options.model.replace(/^models\//, ''));
    // The key goes in a header, never in the URL, so it stays out of logs and error messages.
    super(
      options,
      'gemini',
      `${trimBaseUrl(options.endpoint ?? geminiBaseUrl)}/models/${model}:streamGenerateContent?alt=sse`,
    );
  }

  protected wireRequest(prepared: PreparedRequest): WireRequest {
    const { options } = this;
    const converted = convertGeminiMessages(prepared.messages);
    const body: Record<string, unknown> = { contents: converted.contents };
    if (converted.systemInstruction) body.systemInstruction = converted.systemInstruction;
    if (prepared.nativeTools.length > 0) body.tools = prepareGeminiTools(prepared.nativeTools);
    const generationConfig: Record<string, unknown> = {};
    if (options.temperature !== undefined) generationConfig.temperature = options.temperature;
    const maxTokens = prepared.maxTokens ?? options.maxTokens;
    if (maxTokens !== undefined) generationConfig.maxOutputTokens = maxTokens;
    if (options.includeThoughts) generationConfig.thinkingConfig = { includeThoughts: true };
    if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
    return {
      body,
      parser: new GeminiStreamParser(),
      authHeaders: options.apiKey ? { 'x-goog-api-key': options.apiKey } : {},
    };
  }
}

/** Creates a ChatModel for the Gemini API. */
export function createGeminiModel(options: GeminiModelOptions): ChatModel {
  return new GeminiModel(options);
}

// ChatModel over the Anthropic Messages API, streamed, callable straight from a browser.
import { trimBaseUrl, type ProviderModelOptions } from '../provider-options';
import { StreamingProviderModel, type WireRequest } from '../streaming-provider-model';
import { AnthropicStreamParser } from './anthropic-stream-parser';
import { thinkingFitsToolLoop } from './anthropic-thinking-blocks';
import { convertAnthropicMessages, prepareAnthropicTools } from './convert-anthropic-messages';
import type { ChatModel } from '../../agent/types';
import type { PreparedRequest } from '../prepare-tool-mode';

/** Options for Anthropic. */
export interface AnthropicModelOptions extends ProviderModelOptions {
  /** Default `https://api.anthropic.com`; `/v1/messages` is appended. */
  baseUrl?: string;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  apiVersion?: string;
  /**
   * Turns on extended thinking with this token budget (at least 1024, the API's minimum). Thinking counts
   * towards `max_tokens`, so with it on `max_tokens` is the budget plus `maxTokens` for the answer.
   */
  thinkingBudgetTokens?: number;
}

/** The default base URL. */
export const anthropicBaseUrl = 'https://api.anthropic.com';

/** The Messages API requires max_tokens; this is used when the options give none. */
export const anthropicDefaultMaxTokens = 4096;

/** The smallest thinking budget the Messages API accepts. */
export const anthropicMinimumThinkingBudget = 1024;

/**
 * `max_tokens` and the thinking settings for one request. The API refuses a budget that is not below
 * `max_tokens`; adding the budget to the answer's allowance keeps it below whatever `maxTokens` is.
 */
export function anthropicTokenSettings(options: AnthropicModelOptions): {
  maxTokens: number;
  thinking?: { type: 'enabled'; budget_tokens: number };
} {
  const answerTokens = options.maxTokens ?? anthropicDefaultMaxTokens;
  if (options.thinkingBudgetTokens === undefined) return { maxTokens: answerTokens };
  const budget = Math.max(anthropicMinimumThinkingBudget, Math.floor(options.thinkingBudgetTokens));
  return {
    maxTokens: budget + answerTokens,
    thinking: { type: 'enabled', budget_tokens: budget },
  };
}

/** A ChatModel speaking the Anthropic Messages streaming wire format. */
export class AnthropicModel extends StreamingProviderModel<AnthropicModelOptions> {
  constructor(options: AnthropicModelOptions) {
    super(options, 'anthropic', `${trimBaseUrl(options.baseUrl ?? anthropicBaseUrl)}/v1/messages`);
  }

  protected wireRequest(prepared: PreparedRequest): WireRequest {
    const options =
      prepared.maxTokens !== undefined
        ? { ...this.options, maxTokens: prepared.maxTokens }
        : this.options;
    let tokens = anthropicTokenSettings(options);
    let converted = convertAnthropicMessages(prepared.messages, {
      thinking: tokens.thinking !== undefined,
    });
    if (tokens.thinking !== undefined && !thinkingFitsToolLoop(converted.messages)) {
      // The open tool loop began without thinking (another model, or thinking was off): this request
      // goes without it, as the API requires; the next question turns it on again.
      tokens = anthropicTokenSettings({ ...options, thinkingBudgetTokens: undefined });
      converted = convertAnthropicMessages(prepared.messages, { thinking: false });
    }
    const body: Record<string, unknown> = {
      model: options.model,
      max_tokens: tokens.maxTokens,
      messages: converted.messages,
      stream: true,
    };
    if (converted.system !== undefined) body.system = converted.system;
    if (prepared.nativeTools.length > 0) body.tools = prepareAnthropicTools(prepared.nativeTools);
    if (tokens.thinking !== undefined) {
      body.thinking = tokens.thinking;
    } else if (options.temperature !== undefined) {
      body.temperature = options.temperature; // not allowed together with thinking
    }
    return {
      body,
      parser: new AnthropicStreamParser(),
      headers: {
        'anthropic-version': options.apiVersion ?? '2023-06-01',
        // Anthropic refuses browser (CORS) requests without this opt-in; the key is the visitor's own.
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      authHeaders: options.apiKey ? { 'x-api-key': options.apiKey } : {},
    };
  }
}

/** Creates a ChatModel for the Anthropic Messages API. */
export function createAnthropicModel(options: AnthropicModelOptions): ChatModel {
  return new AnthropicModel(options);
}

// The ChatModel for a model the person chose: the adapter of its provider's family, given the key only
// for that provider's endpoint.
import { createAnthropicModel } from './anthropic/anthropic-model';
import { createBedrockConverseModel } from './bedrock-converse/bedrock-converse-model';
import { createGeminiModel } from './gemini/gemini-model';
import { createOpenAICompatibleModel } from './openai-compatible/openai-compatible-model';
import { PROVIDER_DEFAULTS, type ModelChoice } from './provider-defaults';
import type { ChatModel } from '../agent/types';
import type { FetchFunction } from './provider-options';

/**
 * The model for this choice; the key goes only to this provider's adapter (its endpoint). `fetch` is
 * the page's (one that names a request its security policy refused), else the global one.
 */
export function createChosenModel(choice: ModelChoice, fetch?: FetchFunction): ChatModel {
  const apiKey = choice.apiKey || undefined;
  const common = {
    model: choice.model,
    // The record names who served the model: OpenAI, OpenRouter, Bedrock and a local server share one adapter.
    providerId: choice.provider,
    ...(apiKey ? { apiKey } : {}),
    ...(fetch ? { fetch } : {}),
    ...(choice.toolMode && choice.toolMode !== 'native' ? { toolMode: choice.toolMode } : {}),
  };
  switch (PROVIDER_DEFAULTS[choice.provider].kind) {
    case 'anthropic':
      return createAnthropicModel({ ...common, baseUrl: choice.endpoint });
    case 'bedrock-converse':
      return createBedrockConverseModel({ ...common, endpoint: choice.endpoint });
    case 'gemini':
      return createGeminiModel({ ...common, endpoint: choice.endpoint });
    case 'openai-compatible':
      return createOpenAICompatibleModel({
        ...common,
        baseUrl: choice.endpoint,
        ...(choice.provider === 'openrouter' ? { headers: { 'X-Title': 'Mapwright' } } : {}),
        // Bedrock streams gpt-oss's reasoning inside the content, wrapped in <reasoning> tags.
        ...(choice.provider === 'bedrock' ? { reasoningTag: 'reasoning' as const } : {}),
      });
  }
}

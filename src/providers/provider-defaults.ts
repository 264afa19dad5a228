// The providers a person can choose, with their default endpoint and model, and the adapter family
// that speaks to each. The settings view, the stored settings and the build's CSP all read these.
// Amazon Bedrock is reached two ways: its OpenAI-compatible endpoint (bedrock-runtime.<region>…/openai/v1,
// gpt-oss models) and the Converse stream API (Claude, Llama, Nova and the rest).

import type { ProviderKind } from '../config/app-config';
import type { ToolMode } from './provider-options';

/** Providers the settings offer. */
export const LLM_PROVIDERS = [
  'openai',
  'anthropic',
  'gemini',
  'openrouter',
  'bedrock',
  'bedrock-converse',
  'local',
] as const;

/** One of the providers. */
export type LlmProviderId = (typeof LLM_PROVIDERS)[number];

/** A model as the person chose it: which provider, where, which model, and its key (may be empty). */
export interface ModelChoice {
  provider: LlmProviderId;
  endpoint: string;
  model: string;
  apiKey: string;
  /**
   * How the model is given the tools: its own tool calling (the default), tool calls written as JSON in
   * its text (for models without tool calling), or no tools at all.
   */
  toolMode?: ToolMode;
}

/** Defaults per provider: a label, the endpoint, a model, the adapter family, whether it needs a key. */
export const PROVIDER_DEFAULTS: Record<
  LlmProviderId,
  {
    label: string;
    endpoint: string;
    model: string;
    kind: ProviderKind;
    needsKey: boolean;
    /** The models to offer when the endpoint lists none (Bedrock's OpenAI path has no model list). */
    models?: readonly string[];
  }
> = {
  openai: {
    label: 'OpenAI',
    endpoint: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    kind: 'openai-compatible',
    needsKey: true,
  },
  anthropic: {
    label: 'Anthropic',
    endpoint: 'https://api.anthropic.com',
    model: 'claude-sonnet-4-5',
    kind: 'anthropic',
    needsKey: true,
  },
  gemini: {
    label: 'Google Gemini',
    endpoint: 'https://generativelanguage.googleapis.com/v1beta',
    model: 'gemini-2.5-flash',
    kind: 'gemini',
    needsKey: true,
  },
  openrouter: {
    label: 'OpenRouter',
    endpoint: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    kind: 'openai-compatible',
    needsKey: true,
  },
  // Bedrock's OpenAI-compatible Chat Completions, with a Bedrock API key as the bearer token. The region
  // is part of the host: a person in another region edits the endpoint (and the publisher allows it).
  bedrock: {
    label: 'Amazon Bedrock (OpenAI-compatible)',
    endpoint: 'https://bedrock-runtime.us-west-2.amazonaws.com/openai/v1',
    model: 'openai.gpt-oss-120b-1:0',
    kind: 'openai-compatible',
    needsKey: true,
    models: ['openai.gpt-oss-120b-1:0', 'openai.gpt-oss-20b-1:0'],
  },
  // Bedrock's Converse stream API, with a Bedrock API key as the bearer token. The region is the host's;
  // the key lists no models, so the settings offer inference profiles that exist in the US regions.
  'bedrock-converse': {
    label: 'Amazon Bedrock (Converse: Claude, Llama, Nova)',
    endpoint: 'https://bedrock-runtime.us-east-1.amazonaws.com',
    model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    kind: 'bedrock-converse',
    needsKey: true,
    models: [
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      'us.meta.llama3-3-70b-instruct-v1:0',
      'us.amazon.nova-pro-v1:0',
      'us.amazon.nova-lite-v1:0',
    ],
  },
  local: {
    label: 'Local OpenAI-compatible (Ollama, llama.cpp, vLLM)',
    endpoint: 'http://127.0.0.1:11434/v1',
    // The model the README tells people to pull.
    model: 'qwen2.5:7b',
    kind: 'openai-compatible',
    needsKey: false,
  },
};

// The model settings a person starts with: the config's default provider, its endpoint and model.
import type { AppConfig } from '../config/app-config';
import type { LlmSettings } from './llm-settings-store';

/** The settings the config suggests before the person saves their own. */
export function defaultLlmSettings(config: AppConfig): Partial<LlmSettings> {
  const provider =
    config.llm.providers.find((candidate) => candidate.id === config.llm.defaultProvider) ??
    config.llm.providers[0];
  if (!provider) return {};
  const id =
    provider.kind === 'openai-compatible'
      ? /openrouter/.test(provider.endpoint ?? '')
        ? 'openrouter'
        : /openai\.com/.test(provider.endpoint ?? '')
          ? 'openai'
          : /^https:\/\/bedrock-runtime\./.test(provider.endpoint ?? '')
            ? 'bedrock'
            : 'local'
      : provider.kind;
  return {
    provider: id,
    ...(provider.endpoint ? { endpoint: provider.endpoint } : {}),
    ...((provider.defaultModel ?? provider.models[0])
      ? { model: provider.defaultModel ?? provider.models[0] ?? '' }
      : {}),
  };
}

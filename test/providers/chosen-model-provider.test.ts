// The audit record's `provider` column reads the model's id: it must name who served the model as the
// person chose it, not the adapter family that OpenAI, OpenRouter, Bedrock and a local server share.
import { describe, expect, it } from 'vitest';
import { modelParts } from '../../src/agent/conversation/call-audit';
import { createChosenModel } from '../../src/providers/create-chosen-model';
import { LLM_PROVIDERS, PROVIDER_DEFAULTS } from '../../src/providers/provider-defaults';

describe('a chosen model’s id', () => {
  it.each(LLM_PROVIDERS)('names %s as its provider', (provider) => {
    const defaults = PROVIDER_DEFAULTS[provider];
    const model = createChosenModel({
      provider,
      endpoint: defaults.endpoint,
      model: defaults.model,
      apiKey: 'k',
    });
    expect(modelParts(model.id)).toEqual({ provider, model: defaults.model });
  });
});

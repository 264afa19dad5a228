import { describe, expect, it } from 'vitest';
import { defaultAppConfig, type AppConfig } from '../../src/config';
import { defaultLlmSettings } from '../../src/settings/default-llm-settings';

function withProvider(endpoint: string, model: string): AppConfig {
  const config = defaultAppConfig();
  return {
    ...config,
    llm: {
      ...config.llm,
      defaultProvider: 'site',
      providers: [{ id: 'site', kind: 'openai-compatible', endpoint, models: [model] }],
    },
  };
}

describe('the model settings a publisher’s config suggests', () => {
  it('opens a Bedrock endpoint as the Amazon Bedrock preset, with its region and model', () => {
    const endpoint = 'https://bedrock-runtime.eu-central-1.amazonaws.com/openai/v1';
    expect(defaultLlmSettings(withProvider(endpoint, 'openai.gpt-oss-20b-1:0'))).toEqual({
      provider: 'bedrock',
      endpoint,
      model: 'openai.gpt-oss-20b-1:0',
    });
  });

  it('keeps another OpenAI-compatible server local', () => {
    expect(defaultLlmSettings(withProvider('http://127.0.0.1:8080/v1', 'qwen')).provider).toBe(
      'local',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { needsModelSetup } from '../../src/settings/model-setup';
import type { LlmSettings } from '../../src/settings/llm-settings-store';

const local: LlmSettings = {
  provider: 'local',
  endpoint: 'http://127.0.0.1:11434/v1',
  model: 'qwen2.5:7b',
  apiKey: '',
  keyPersistence: 'session',
};

describe('the first-run rule', () => {
  it('nothing saved and the local default: connect a model first', () => {
    expect(needsModelSetup(local, false)).toBe(true);
    expect(needsModelSetup({ ...local, endpoint: 'http://localhost:8080/v1' }, false)).toBe(true);
  });

  it('the same model once saved: ready', () => {
    expect(needsModelSetup(local, true)).toBe(false);
  });

  it('a publisher’s own endpoint counts as connected', () => {
    expect(needsModelSetup({ ...local, endpoint: 'https://llm.example.org/v1' }, false)).toBe(
      false,
    );
  });

  it('a publisher who provides the model (no own key): connected, even on loopback or a hosted kind', () => {
    expect(needsModelSetup(local, false, false)).toBe(false);
    const anthropicProxy: LlmSettings = {
      ...local,
      provider: 'anthropic',
      endpoint: 'https://llm.example.org',
    };
    expect(needsModelSetup(anthropicProxy, false, false)).toBe(false);
    expect(needsModelSetup(anthropicProxy, false, true)).toBe(true);
    expect(needsModelSetup({ ...local, endpoint: 'localhost:11434' }, false, false)).toBe(true);
  });

  it('a hosted provider without a key, saved or not, needs its key', () => {
    const openai: LlmSettings = {
      ...local,
      provider: 'openai',
      endpoint: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
    };
    expect(needsModelSetup(openai, true)).toBe(true);
    expect(needsModelSetup({ ...openai, apiKey: 'sk-1' }, true)).toBe(false);
  });

  it('a saved endpoint that is not a URL needs fixing', () => {
    expect(needsModelSetup({ ...local, endpoint: 'localhost:11434' }, true)).toBe(true);
  });
});

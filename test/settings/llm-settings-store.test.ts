// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_KEY_KEY,
  loadLlmSettings,
  saveLlmSettings,
} from '../../src/settings/llm-settings-store';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('LLM settings', () => {
  it('keeps the key only for the session when asked, and never in localStorage', () => {
    saveLlmSettings({
      provider: 'openai',
      endpoint: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
      keyPersistence: 'session',
    });
    expect(sessionStorage.getItem(API_KEY_KEY)).toBe('sk-test');
    expect(localStorage.getItem(API_KEY_KEY)).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('sk-test');
    expect(loadLlmSettings()).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
    });
  });

  it('remembers the key in this browser when asked, removing the session copy', () => {
    saveLlmSettings({
      provider: 'anthropic',
      endpoint: 'https://api.anthropic.com',
      model: 'claude',
      apiKey: 'k1',
      keyPersistence: 'session',
    });
    saveLlmSettings({
      provider: 'anthropic',
      endpoint: 'https://api.anthropic.com',
      model: 'claude',
      apiKey: 'k2',
      keyPersistence: 'browser',
    });
    expect(localStorage.getItem(API_KEY_KEY)).toBe('k2');
    expect(sessionStorage.getItem(API_KEY_KEY)).toBeNull();
  });

  it('starts from the config defaults when nothing is saved', () => {
    expect(
      loadLlmSettings({ provider: 'local', endpoint: 'http://127.0.0.1:8080/v1', model: 'qwen' }),
    ).toMatchObject({
      provider: 'local',
      endpoint: 'http://127.0.0.1:8080/v1',
      model: 'qwen',
      apiKey: '',
    });
  });

  it('offers a saved key only to the endpoint it was saved for', () => {
    saveLlmSettings({
      provider: 'openai',
      endpoint: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
      keyPersistence: 'browser',
    });
    const settings = JSON.parse(localStorage.getItem('mapwright.llm') ?? '{}') as {
      endpoint: string;
    };
    localStorage.setItem(
      'mapwright.llm',
      JSON.stringify({ ...settings, endpoint: 'https://elsewhere.example/v1' }),
    );
    expect(loadLlmSettings().apiKey).toBe('');
  });

  it("never applies the app config's endpoint to a provider the person chose instead", () => {
    localStorage.setItem(
      'mapwright.llm',
      JSON.stringify({ provider: 'openai', endpoint: '', model: '' }),
    );
    const loaded = loadLlmSettings({
      provider: 'local',
      endpoint: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
    });
    expect(loaded.endpoint).toBe('https://api.openai.com/v1');
    expect(loaded.model).not.toBe('qwen2.5:7b');
  });
});

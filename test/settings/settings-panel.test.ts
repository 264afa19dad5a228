// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SettingsPanel } from '../../src/settings/settings-panel';
import type { LlmSettings } from '../../src/settings/llm-settings-store';

const openAiSettings: LlmSettings = {
  provider: 'openai',
  endpoint: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKey: 'sk-openai-key-0123456789abcdefghij',
  keyPersistence: 'session',
};

function choose(panel: SettingsPanel, provider: string): void {
  const select = panel.root.querySelector<HTMLSelectElement>('select.mw-provider');
  if (select === null) throw new Error('no provider select');
  select.value = provider;
  select.dispatchEvent(new Event('change'));
}

describe('SettingsPanel provider switch', () => {
  it('does not send the old provider key to the new provider on Test connection', async () => {
    const testConnection = vi.fn(async () => ({ ok: true, message: 'ok' }));
    const panel = new SettingsPanel({ settings: openAiSettings, onSave: vi.fn(), testConnection });
    choose(panel, 'anthropic');
    expect(panel.read()).toMatchObject({ endpoint: 'https://api.anthropic.com', apiKey: '' });
    panel.root.querySelector<HTMLButtonElement>('button.mw-test-connection')?.click();
    await vi.waitFor(() => expect(testConnection).toHaveBeenCalledOnce());
    expect(JSON.stringify(testConnection.mock.calls)).not.toContain(openAiSettings.apiKey);
  });

  it('gives the saved key back when the person returns to the saved provider', () => {
    const panel = new SettingsPanel({
      settings: { ...openAiSettings, endpoint: 'https://proxy.example/v1' },
      onSave: vi.fn(),
      testConnection: vi.fn(),
    });
    choose(panel, 'local');
    expect(panel.read().apiKey).toBe('');
    choose(panel, 'openai');
    expect(panel.read()).toMatchObject({
      endpoint: 'https://proxy.example/v1',
      apiKey: openAiSettings.apiKey,
    });
  });
});

function typeEndpoint(panel: SettingsPanel, endpoint: string): void {
  const input = panel.root.querySelector<HTMLInputElement>('input.mw-endpoint');
  if (input === null) throw new Error('no endpoint field');
  input.value = endpoint;
  input.dispatchEvent(new Event('input'));
}

function typeKey(panel: SettingsPanel, key: string): void {
  const input = panel.root.querySelector<HTMLInputElement>('input.mw-api-key');
  if (input === null) throw new Error('no key field');
  input.value = key;
  input.dispatchEvent(new Event('input'));
}

describe('SettingsPanel endpoint edit', () => {
  const attacker = 'https://collector.example/v1';

  it('sends no key to an endpoint typed after saving, on Test connection', async () => {
    const testConnection = vi.fn(async () => ({ ok: false, message: 'no' }));
    const panel = new SettingsPanel({ settings: openAiSettings, onSave: vi.fn(), testConnection });
    typeEndpoint(panel, attacker);
    expect(panel.root.querySelector<HTMLInputElement>('input.mw-api-key')?.value).toBe('');
    expect(panel.root.querySelector('.mw-key-note')?.textContent).toContain(
      'a key is sent only to the endpoint it was entered for',
    );
    panel.root.querySelector<HTMLButtonElement>('button.mw-test-connection')?.click();
    await vi.waitFor(() => expect(testConnection).toHaveBeenCalledOnce());
    expect(testConnection.mock.calls[0]).toEqual([
      { ...openAiSettings, endpoint: attacker, apiKey: '' },
    ]);
  });

  it('saves no key with an endpoint typed after saving', () => {
    const onSave = vi.fn();
    const panel = new SettingsPanel({ settings: openAiSettings, onSave, testConnection: vi.fn() });
    typeEndpoint(panel, attacker);
    panel.root.querySelector<HTMLButtonElement>('button.mw-save-settings')?.click();
    expect(onSave).toHaveBeenCalledWith({ ...openAiSettings, endpoint: attacker, apiKey: '' });
  });

  it('keeps the key away from an endpoint changed without an input event', () => {
    const panel = new SettingsPanel({
      settings: openAiSettings,
      onSave: vi.fn(),
      testConnection: vi.fn(),
    });
    const input = panel.root.querySelector<HTMLInputElement>('input.mw-endpoint');
    if (input) input.value = attacker;
    expect(panel.read()).toMatchObject({ endpoint: attacker, apiKey: '' });
  });

  it('sends a key typed for the new endpoint, and gives the saved one back on the saved endpoint', () => {
    const panel = new SettingsPanel({
      settings: openAiSettings,
      onSave: vi.fn(),
      testConnection: vi.fn(),
    });
    typeEndpoint(panel, 'https://proxy.example/v1');
    typeKey(panel, 'sk-proxy-key-0123456789');
    expect(panel.read()).toMatchObject({
      endpoint: 'https://proxy.example/v1',
      apiKey: 'sk-proxy-key-0123456789',
    });
    // The key typed for the proxy does not follow the endpoint back either.
    typeEndpoint(panel, openAiSettings.endpoint);
    expect(panel.read().apiKey).toBe(openAiSettings.apiKey);
    typeEndpoint(panel, attacker);
    expect(panel.read().apiKey).toBe('');
  });
});

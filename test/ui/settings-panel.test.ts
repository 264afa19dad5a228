// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SettingsPanel } from '../../src/ui/settings-panel';
import type { LlmSettings } from '../../src/storage/llm-settings-store';

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

// @vitest-environment jsdom
// The Converse preset in the Settings provider list: choosing it fills its region's endpoint and model.
import { describe, expect, it, vi } from 'vitest';
import { SettingsPanel } from '../../../src/settings/settings-panel';

describe('Settings offers Amazon Bedrock Converse', () => {
  it('lists it and fills the us-east-1 endpoint and a Claude model when chosen', () => {
    const panel = new SettingsPanel({
      settings: {
        provider: 'openai',
        endpoint: 'https://api.openai.com/v1',
        model: 'gpt-4o-mini',
        apiKey: '',
        keyPersistence: 'session',
      },
      onSave: vi.fn(),
      testConnection: vi.fn(),
    });
    const select = panel.root.querySelector<HTMLSelectElement>('select.mw-provider');
    const option = [...(select?.options ?? [])].find(
      (candidate) => candidate.value === 'bedrock-converse',
    );
    expect(option?.textContent).toContain('Converse');
    if (select === null) throw new Error('no provider select');
    select.value = 'bedrock-converse';
    select.dispatchEvent(new Event('change'));
    expect(panel.read()).toMatchObject({
      provider: 'bedrock-converse',
      endpoint: 'https://bedrock-runtime.us-east-1.amazonaws.com',
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
  });
});

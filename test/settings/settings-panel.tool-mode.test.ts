// @vitest-environment jsdom
// Models without tool calling: Settings offers, per model, native tools, tool calls written as JSON in the
// text, or no tools; each model keeps its choice, and the chosen model is built with it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChosenModel } from '../../src/providers/create-chosen-model';
import {
  loadLlmSettings,
  saveLlmSettings,
  savedToolMode,
  type LlmSettings,
} from '../../src/settings/llm-settings-store';
import { SettingsPanel } from '../../src/settings/settings-panel';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const local: LlmSettings = {
  provider: 'local',
  endpoint: 'http://127.0.0.1:11434/v1',
  model: 'qwen2.5:7b',
  apiKey: '',
  keyPersistence: 'session',
};

function panelFor(settings: LlmSettings, onSave = vi.fn()): SettingsPanel {
  return new SettingsPanel({
    settings,
    onSave,
    testConnection: vi.fn(),
    toolModeFor: (provider, model) => savedToolMode(provider, model),
  });
}

function select(panel: SettingsPanel): HTMLSelectElement {
  const found = panel.root.querySelector<HTMLSelectElement>('select.mw-tool-mode');
  if (!found) throw new Error('no tool mode select');
  return found;
}

function typeModel(panel: SettingsPanel, model: string): void {
  const input = panel.root.querySelector<HTMLInputElement>('input.mw-model');
  if (!input) throw new Error('no model field');
  input.value = model;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

describe('the tool mode, per model', () => {
  it('offers the three modes, native by default', () => {
    const panel = panelFor(local);
    expect([...select(panel).options].map((option) => option.value)).toEqual([
      'native',
      'json-in-text',
      'none',
    ]);
    expect(select(panel).value).toBe('native');
    expect(panel.read().toolMode).toBeUndefined();
  });

  it('is saved for the model it was chosen for, and comes back with that model only', () => {
    const onSave = vi.fn((settings: LlmSettings) => saveLlmSettings(settings));
    const panel = panelFor(local, onSave);
    typeModel(panel, 'tinyllama');
    select(panel).value = 'json-in-text';
    panel.root.querySelector<HTMLButtonElement>('button.mw-save-settings')?.click();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ toolMode: 'json-in-text' }));
    expect(loadLlmSettings()).toMatchObject({ model: 'tinyllama', toolMode: 'json-in-text' });

    const again = panelFor(loadLlmSettings());
    expect(select(again).value).toBe('json-in-text');
    typeModel(again, 'qwen2.5:7b');
    expect(select(again).value).toBe('native');
    typeModel(again, 'tinyllama');
    expect(select(again).value).toBe('json-in-text');
  });

  it('builds the model with the chosen mode', () => {
    expect(createChosenModel({ ...local, toolMode: 'json-in-text' }).capabilities).toEqual({
      tools: true,
      toolMode: 'json-in-text',
    });
    expect(createChosenModel({ ...local, toolMode: 'none' }).capabilities.tools).toBe(false);
    expect(createChosenModel(local).capabilities.toolMode).toBe('native');
  });
});

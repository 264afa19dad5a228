// @vitest-environment jsdom
// Unsaved changes are never dropped silently: closing with changes asks first; Save and Test do not.
import { describe, expect, it, vi } from 'vitest';
import { SettingsPanel } from '../../src/settings/settings-panel';
import type { LlmSettings } from '../../src/settings/llm-settings-store';

const settings: LlmSettings = {
  provider: 'local',
  endpoint: 'http://127.0.0.1:11434/v1',
  model: 'qwen2.5:7b',
  apiKey: '',
  keyPersistence: 'session',
};

function setup() {
  const onClose = vi.fn();
  const onSave = vi.fn();
  const testConnection = vi.fn(async () => ({ ok: true, message: 'Connected.' }));
  const panel = new SettingsPanel({ settings, onSave, onClose, testConnection });
  document.body.append(panel.root);
  const model = panel.root.querySelector<HTMLInputElement>('.mw-model')!;
  const discard = panel.root.querySelector<HTMLElement>('.mw-discard')!;
  const press = (selector: string) =>
    panel.root.querySelector<HTMLButtonElement>(selector)!.click();
  return { panel, model, discard, press, onClose, onSave, testConnection };
}

describe('SettingsPanel with unsaved changes', () => {
  it('closes at once when nothing changed', () => {
    const { press, onClose } = setup();
    press('.mw-close-settings');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before Close drops a change; Keep editing keeps it', () => {
    const { model, discard, press, onClose, panel } = setup();
    model.value = 'llama3.2';
    press('.mw-close-settings');
    expect(onClose).not.toHaveBeenCalled();
    expect(discard.hidden).toBe(false);
    press('.mw-keep-editing');
    expect(discard.hidden).toBe(true);
    expect(panel.read().model).toBe('llama3.2');
  });

  it('Esc asks too, a second Esc keeps editing, and Discard closes without saving', () => {
    const { model, discard, press, onClose, onSave, panel } = setup();
    model.value = 'llama3.2';
    const escape = () =>
      panel.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    escape();
    expect(discard.hidden).toBe(false);
    escape();
    expect(discard.hidden).toBe(true);
    press('.mw-cancel-settings');
    press('.mw-discard-changes');
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a successful Test saves nothing and keeps the change; Save then closes without asking', async () => {
    const { model, press, onClose, onSave, testConnection, panel } = setup();
    model.value = 'llama3.2';
    press('.mw-test-connection');
    await vi.waitFor(() => expect(testConnection).toHaveBeenCalledOnce());
    expect(onSave).not.toHaveBeenCalled();
    expect(panel.dirty).toBe(true);
    press('.mw-save-settings');
    expect(onSave).toHaveBeenCalledWith({ ...settings, model: 'llama3.2' });
    press('.mw-close-settings');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('refuses to save an endpoint without its scheme, saying so beside the field', () => {
    const { press, onSave, panel } = setup();
    const endpoint = panel.root.querySelector<HTMLInputElement>('.mw-endpoint')!;
    endpoint.value = 'localhost:11434';
    press('.mw-save-settings');
    expect(onSave).not.toHaveBeenCalled();
    expect(endpoint.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(
      endpoint.getAttribute('aria-describedby')!.split(' ').at(-1)!,
    );
    expect(error?.textContent).toBe('Add the scheme: http://localhost:11434');
  });
});

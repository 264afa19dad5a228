// Settings: the LLM (provider, endpoint, model, key and where the key is kept), Test connection,
// and a slot for the MCP servers section.
import {
  LLM_PROVIDERS,
  PROVIDER_DEFAULTS,
  type LlmProviderId,
} from '../providers/provider-defaults';
import { button, element } from './dom';
import type { KeyPersistence, LlmSettings } from '../storage/llm-settings-store';

/** What Test connection answers. */
export interface ConnectionReport {
  ok: boolean;
  message: string;
}

/** What the settings panel needs. */
export interface SettingsPanelOptions {
  settings: LlmSettings;
  onSave(settings: LlmSettings): void;
  testConnection(settings: LlmSettings): Promise<ConnectionReport>;
  /** Extra sections (MCP servers). */
  sections?: HTMLElement[];
  onClose?(): void;
}

function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return element('label', {
    className: 'mw-field',
    children: [
      element('span', { className: 'mw-field-label', text: label }),
      control,
      hint ? element('small', { text: hint }) : undefined,
    ],
  });
}

/** The settings dialog. */
export class SettingsPanel {
  /** The element that holds the panel. */
  readonly root: HTMLElement;
  private readonly provider = element('select', {
    className: 'mw-provider',
    attributes: { name: 'provider' },
  });
  private readonly endpoint = element('input', {
    className: 'mw-endpoint',
    attributes: { type: 'url', name: 'endpoint', spellcheck: 'false' },
  });
  private readonly model = element('input', {
    className: 'mw-model',
    attributes: { type: 'text', name: 'model', spellcheck: 'false' },
  });
  private readonly apiKey = element('input', {
    className: 'mw-api-key',
    attributes: { type: 'password', name: 'apiKey', autocomplete: 'off' },
  });
  private readonly persistence = element('select', {
    className: 'mw-key-persistence',
    attributes: { name: 'keyPersistence' },
  });
  /** Says why the key field was emptied when the endpoint or provider changed. */
  private readonly keyNote = element('small', {
    className: 'mw-key-note',
    attributes: { role: 'status', 'aria-live': 'polite' },
  });
  /** The provider and endpoint the key in the field was saved or typed for: it goes nowhere else. */
  private keyOwner = '';
  private readonly report = element('p', {
    className: 'mw-connection-report',
    attributes: { role: 'status', 'aria-live': 'polite' },
  });

  constructor(private readonly options: SettingsPanelOptions) {
    for (const id of LLM_PROVIDERS)
      this.provider.append(
        element('option', { text: PROVIDER_DEFAULTS[id].label, attributes: { value: id } }),
      );
    this.persistence.append(
      element('option', {
        text: 'Only for this session (forgotten when the tab closes)',
        attributes: { value: 'session' },
      }),
      element('option', { text: 'Remember in this browser', attributes: { value: 'browser' } }),
    );
    this.fill(options.settings);
    this.provider.addEventListener('change', () => {
      const defaults = PROVIDER_DEFAULTS[this.provider.value as LlmProviderId];
      this.endpoint.value = defaults.endpoint;
      this.model.value = defaults.model;
      if (this.provider.value === options.settings.provider) {
        this.endpoint.value = options.settings.endpoint;
      }
      this.bindKey();
    });
    // A key belongs to the endpoint it was entered for: editing the endpoint empties the field, so
    // neither Test connection nor Save can send the key to the address just typed.
    this.endpoint.addEventListener('input', () => this.bindKey());
    this.endpoint.addEventListener('change', () => this.bindKey());
    this.apiKey.addEventListener('input', () => {
      this.keyOwner = this.owner();
      this.keyNote.textContent = '';
    });
    const form = element('form', {
      className: 'mw-settings-form',
      attributes: { 'aria-label': 'Language model settings' },
      children: [
        element('h3', { text: 'Language model' }),
        field('Provider', this.provider),
        field('Endpoint', this.endpoint, 'The key is sent only to this address.'),
        field('Model', this.model),
        field('API key', this.apiKey, 'Not needed for a local server.'),
        this.keyNote,
        field('Keep the key', this.persistence),
        element('div', {
          className: 'mw-settings-actions',
          children: [
            button('Save', () => this.save(), {
              className: 'mw-button mw-save-settings',
              ariaLabel: 'Save the language model settings',
            }),
            button('Test connection', () => void this.test(), {
              className: 'mw-button mw-test-connection',
              ariaLabel: 'Test the connection to the model',
            }),
          ],
        }),
        this.report,
      ],
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.save();
    });
    this.root = element('div', {
      className: 'mw-settings',
      attributes: { role: 'dialog', 'aria-label': 'Settings', tabindex: '-1' },
      children: [
        element('div', {
          className: 'mw-settings-head',
          children: [
            element('h2', { text: 'Settings' }),
            button('Close', () => this.close(), {
              className: 'mw-button mw-close-settings',
              ariaLabel: 'Close the settings',
            }),
          ],
        }),
        form,
        ...(options.sections ?? []),
      ],
    });
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.close();
      }
    });
  }

  private fill(settings: LlmSettings): void {
    this.provider.value = settings.provider;
    this.endpoint.value = settings.endpoint;
    this.model.value = settings.model;
    this.apiKey.value = settings.apiKey;
    this.persistence.value = settings.keyPersistence;
    this.keyOwner = this.owner();
  }

  /** The provider and endpoint the form shows, as one comparable value. */
  private owner(provider = this.provider.value, endpoint = this.endpoint.value): string {
    return `${provider} ${endpoint.trim()}`;
  }

  /**
   * Keeps the key field with the endpoint it belongs to: back on the saved endpoint the saved key
   * returns; anywhere else a key entered for another endpoint is cleared, with a note saying why.
   */
  private bindKey(): void {
    const current = this.owner();
    if (current === this.keyOwner) return;
    const saved = this.options.settings;
    if (current === this.owner(saved.provider, saved.endpoint) && saved.apiKey !== '') {
      this.apiKey.value = saved.apiKey;
      this.keyOwner = current;
      this.keyNote.textContent = '';
      return;
    }
    if (this.apiKey.value !== '') {
      this.apiKey.value = '';
      this.keyOwner = current;
      this.keyNote.textContent =
        'The API key was cleared: a key is sent only to the endpoint it was entered for. ' +
        'Paste it again if this endpoint should have it.';
    }
  }

  /** The settings as the form shows them; the key only with the endpoint it was entered for. */
  read(): LlmSettings {
    const keyBelongsHere = this.owner() === this.keyOwner;
    return {
      provider: this.provider.value as LlmProviderId,
      endpoint: this.endpoint.value.trim(),
      model: this.model.value.trim(),
      apiKey: keyBelongsHere ? this.apiKey.value.trim() : '',
      keyPersistence: this.persistence.value as KeyPersistence,
    };
  }

  private save(): void {
    const settings = this.read();
    if (!settings.endpoint || !settings.model) {
      this.report.textContent = 'Fill in the endpoint and the model, then save.';
      return;
    }
    this.options.onSave(settings);
    this.report.textContent = 'Saved. New questions use this model.';
  }

  private async test(): Promise<void> {
    this.report.dataset.ok = '';
    this.report.textContent = 'Testing…';
    const result = await this.options.testConnection(this.read());
    this.report.dataset.ok = String(result.ok);
    this.report.textContent = result.message;
  }

  /** Closes the panel. */
  close(): void {
    this.root.remove();
    this.options.onClose?.();
  }
}

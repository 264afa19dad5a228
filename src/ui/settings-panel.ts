// Settings: the LLM (provider, endpoint, model, key and where the key is kept), Test connection,
// and a slot for the MCP servers section.
import {
  LLM_PROVIDERS,
  PROVIDER_DEFAULTS,
  type KeyPersistence,
  type LlmProviderId,
  type LlmSettings,
} from '../storage/llm-settings-store';
import { button, element } from './dom';

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
      // A key belongs to one provider: carrying it over would send it to the new provider's endpoint.
      const saved = options.settings;
      const backToSaved = this.provider.value === saved.provider;
      if (backToSaved) this.endpoint.value = saved.endpoint;
      this.apiKey.value = backToSaved ? saved.apiKey : '';
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
  }

  /** The settings as the form shows them. */
  read(): LlmSettings {
    return {
      provider: this.provider.value as LlmProviderId,
      endpoint: this.endpoint.value.trim(),
      model: this.model.value.trim(),
      apiKey: this.apiKey.value.trim(),
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

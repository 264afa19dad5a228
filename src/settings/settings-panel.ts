// Settings: the LLM (provider, endpoint, model, key and where the key is kept) as a form with explicit
// Save and Cancel, Test connection, and a slot for the other sections (credentials, MCP servers).
// Unsaved changes are never dropped silently: Cancel, Close and Esc ask "Discard changes?" first.
import {
  LLM_PROVIDERS,
  PROVIDER_DEFAULTS,
  type LlmProviderId,
} from '../providers/provider-defaults';
import { button, element } from '../ui/dom';
import { endpointProblem } from './endpoint-check';
import { ModelField, type ModelLister } from './model-field';
import { settingsField, settingsFieldError } from './settings-field';
import type { ToolMode } from '../providers/provider-options';
import type { KeyPersistence, LlmSettings } from './llm-settings-store';
import './settings-panel.css';

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
  /** Lists the provider's models for the model field; without it the field is free text only. */
  listModels?: ModelLister;
  /** The tool mode saved for a model, shown when the person picks that model (native otherwise). */
  toolModeFor?: (provider: LlmProviderId, model: string) => ToolMode;
  /** Extra sections (MCP servers). */
  sections?: HTMLElement[];
  /**
   * False when the publisher provides the model through an endpoint that holds the key
   * (`llm.bringYourOwnKey`): the key fields are not shown and no key is asked for.
   */
  bringYourOwnKey?: boolean;
  onClose?(): void;
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
    attributes: { type: 'url', name: 'endpoint', spellcheck: 'false', autocomplete: 'off' },
  });
  private readonly endpointError = settingsFieldError();
  private readonly model: ModelField;
  private readonly modelError = settingsFieldError();
  private readonly apiKey = element('input', {
    className: 'mw-api-key',
    attributes: { type: 'password', name: 'apiKey', autocomplete: 'off' },
  });
  private readonly persistence = element('select', {
    className: 'mw-key-persistence',
    attributes: { name: 'keyPersistence' },
  });
  /** How the model is given the tools, kept per model. */
  private readonly toolMode = element('select', {
    className: 'mw-tool-mode',
    attributes: { name: 'toolMode' },
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
  /** The inline "Discard changes?" question. */
  private readonly discard: HTMLElement;
  private readonly keepEditing: HTMLButtonElement;
  /** The settings as last saved (or as opened): what Cancel goes back to. */
  private saved: LlmSettings;
  /** The form's values when they were last saved, to tell whether anything changed since. */
  private savedValues = '';

  constructor(private readonly options: SettingsPanelOptions) {
    this.saved = options.settings;
    this.model = new ModelField(options.listModels);
    for (const id of LLM_PROVIDERS)
      this.provider.append(
        element('option', { text: PROVIDER_DEFAULTS[id].label, attributes: { value: id } }),
      );
    this.toolMode.append(
      element('option', {
        text: 'Its own tool calling (recommended)',
        attributes: { value: 'native' },
      }),
      element('option', {
        text: 'Tool calls written as JSON in its text (models without tool calling)',
        attributes: { value: 'json-in-text' },
      }),
      element('option', { text: 'No tools: chat only', attributes: { value: 'none' } }),
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
      const id = this.provider.value as LlmProviderId;
      const defaults = PROVIDER_DEFAULTS[id];
      const back = id === this.saved.provider;
      this.endpoint.value = back ? this.saved.endpoint : defaults.endpoint;
      this.model.input.value = back ? this.saved.model : defaults.model;
      this.showToolModeOfModel();
      this.showError(this.endpoint, this.endpointError, undefined);
      this.showError(this.model.input, this.modelError, undefined);
      this.bindKey();
      this.refreshModels();
    });
    // A key belongs to the endpoint it was entered for: editing the endpoint empties the field, so
    // neither Test connection nor Save can send the key to the address just typed.
    this.endpoint.addEventListener('input', () => {
      this.bindKey();
      if (!this.endpointError.hidden) this.checkEndpoint();
    });
    this.endpoint.addEventListener('change', () => {
      this.bindKey();
      this.checkEndpoint();
      this.refreshModels();
    });
    this.apiKey.addEventListener('input', () => {
      this.keyOwner = this.owner();
      this.keyNote.textContent = '';
    });
    this.apiKey.addEventListener('change', () => this.refreshModels());
    this.model.input.addEventListener('input', () =>
      this.showError(this.model.input, this.modelError, undefined),
    );
    // Each model keeps the tool mode chosen for it: picking another model shows that model's.
    this.model.input.addEventListener('change', () => this.showToolModeOfModel());
    this.keepEditing = button('Keep editing', () => this.hideDiscard(), {
      className: 'mw-button mw-keep-editing',
    });
    this.discard = element('div', {
      className: 'mw-discard',
      attributes: { role: 'group', 'aria-label': 'Unsaved changes' },
      children: [
        element('p', {
          className: 'mw-discard-question',
          text: 'Discard changes? The language model settings have changes that are not saved.',
        }),
        element('div', {
          className: 'mw-settings-actions',
          children: [
            this.keepEditing,
            button('Discard changes', () => this.discardAndClose(), {
              className: 'mw-button mw-button-danger mw-discard-changes',
            }),
          ],
        }),
      ],
    });
    this.discard.hidden = true;
    const form = element('form', {
      className: 'mw-settings-form',
      attributes: { 'aria-label': 'Language model settings', novalidate: '' },
      children: [
        element('h3', { text: 'Language model' }),
        settingsField('Provider', this.provider),
        settingsField('Endpoint', this.endpoint, {
          hint: 'The key is sent only to this address.',
          error: this.endpointError,
        }),
        settingsField('Model', this.model.input, {
          error: this.modelError,
          after: [this.model.note, this.model.options],
        }),
        settingsField('Tools', this.toolMode, {
          hint: 'How the model is given the map and query tools; kept for this model.',
        }),
        ...(options.bringYourOwnKey === false
          ? [
              element('p', {
                className: 'mw-note mw-publisher-model',
                text: 'This site provides the model: no API key is needed.',
              }),
            ]
          : [
              settingsField('API key', this.apiKey, { hint: 'Not needed for a local server.' }),
              this.keyNote,
              settingsField('Keep the key', this.persistence),
            ]),
        element('div', {
          className: 'mw-settings-actions',
          children: [
            button('Save', () => this.save(), {
              className: 'mw-button mw-button-primary mw-save-settings',
              ariaLabel: 'Save the language model settings',
            }),
            button('Cancel', () => this.requestClose(), {
              className: 'mw-button mw-cancel-settings',
              ariaLabel: 'Cancel the changes to the settings',
            }),
            button('Test connection', () => void this.test(), {
              className: 'mw-button mw-button-ghost mw-test-connection',
              ariaLabel: 'Test connection to the model',
            }),
          ],
        }),
        this.report,
        this.discard,
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
            button('Close', () => this.requestClose(), {
              className: 'mw-button mw-button-ghost mw-close-settings',
              ariaLabel: 'Close the settings',
            }),
          ],
        }),
        form,
        ...(options.sections ?? []),
      ],
    });
    this.root.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      if (!this.discard.hidden) this.hideDiscard();
      else this.requestClose();
    });
    if (!endpointProblem(this.endpoint.value)) this.refreshModels();
    else this.checkEndpoint();
  }

  private fill(settings: LlmSettings): void {
    this.provider.value = settings.provider;
    this.endpoint.value = settings.endpoint;
    this.model.input.value = settings.model;
    this.apiKey.value = settings.apiKey;
    this.persistence.value = settings.keyPersistence;
    this.toolMode.value = settings.toolMode ?? 'native';
    this.keyOwner = this.owner();
    this.savedValues = this.values();
  }

  /** Shows the tool mode kept for the model now in the field. */
  private showToolModeOfModel(): void {
    const model = this.model.input.value.trim();
    const provider = this.provider.value as LlmProviderId;
    const saved = this.saved;
    this.toolMode.value =
      provider === saved.provider && model === saved.model
        ? (saved.toolMode ?? 'native')
        : (this.options.toolModeFor?.(provider, model) ?? 'native');
  }

  /** Every field as typed, to compare with what was saved. */
  private values(): string {
    return JSON.stringify([
      this.provider.value,
      this.endpoint.value.trim(),
      this.model.input.value.trim(),
      this.apiKey.value,
      this.persistence.value,
      this.toolMode.value,
    ]);
  }

  /** True when the form holds something not saved. */
  get dirty(): boolean {
    return this.values() !== this.savedValues;
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
    const saved = this.saved;
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

  private refreshModels(): void {
    const settings = this.read();
    this.model.refresh(
      settings,
      this.options.bringYourOwnKey !== false && PROVIDER_DEFAULTS[settings.provider].needsKey,
      endpointProblem(settings.endpoint) === undefined,
    );
  }

  private showError(control: HTMLElement, slot: HTMLElement, message: string | undefined): void {
    slot.textContent = message ?? '';
    slot.hidden = message === undefined;
    if (message === undefined) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
  }

  /** Marks the endpoint when it is not a usable URL; true when it is. */
  private checkEndpoint(): boolean {
    const problem = endpointProblem(this.endpoint.value);
    this.showError(this.endpoint, this.endpointError, problem);
    return problem === undefined;
  }

  /** Checks every field, marks the wrong ones and focuses the first; true when all are fine. */
  private validate(): boolean {
    const endpointFine = this.checkEndpoint();
    const modelFine = this.model.input.value.trim() !== '';
    this.showError(
      this.model.input,
      this.modelError,
      modelFine ? undefined : 'Choose a model from the list or type its name.',
    );
    if (!endpointFine) this.endpoint.focus();
    else if (!modelFine) this.model.input.focus();
    return endpointFine && modelFine;
  }

  /** The settings as the form shows them; the key only with the endpoint it was entered for. */
  read(): LlmSettings {
    const keyBelongsHere = this.owner() === this.keyOwner;
    return {
      provider: this.provider.value as LlmProviderId,
      endpoint: this.endpoint.value.trim(),
      model: this.model.input.value.trim(),
      apiKey: keyBelongsHere ? this.apiKey.value.trim() : '',
      keyPersistence: this.persistence.value as KeyPersistence,
      ...(this.toolMode.value !== 'native' ? { toolMode: this.toolMode.value as ToolMode } : {}),
    };
  }

  private save(): void {
    this.report.dataset.ok = '';
    if (!this.validate()) {
      this.report.textContent = 'Fix the marked fields, then save.';
      return;
    }
    const settings = this.read();
    this.options.onSave(settings);
    this.saved = settings;
    this.savedValues = this.values();
    this.hideDiscard();
    this.report.dataset.ok = 'true';
    this.report.textContent = 'Saved. New questions use this model.';
  }

  private async test(): Promise<void> {
    this.report.dataset.ok = '';
    if (!this.validate()) {
      this.report.textContent = 'Fix the marked fields, then test.';
      return;
    }
    this.report.textContent = 'Testing…';
    // Testing does not save: the form keeps what was typed until Save or an explicit discard.
    const result = await this.options.testConnection(this.read());
    this.report.dataset.ok = String(result.ok);
    this.report.textContent = result.ok
      ? `${result.message}${this.dirty ? ' Save to use it.' : ''}`
      : result.message;
  }

  /** Closes when nothing is unsaved; otherwise asks "Discard changes?" in the panel. */
  requestClose(): void {
    if (!this.dirty) {
      this.close();
      return;
    }
    this.discard.hidden = false;
    this.keepEditing.focus();
  }

  private hideDiscard(): void {
    if (this.discard.hidden) return;
    this.discard.hidden = true;
    this.provider.focus();
  }

  private discardAndClose(): void {
    this.fill(this.saved);
    this.close();
  }

  /** Closes the panel, whatever it holds. */
  close(): void {
    this.model.destroy();
    this.root.remove();
    this.options.onClose?.();
  }
}

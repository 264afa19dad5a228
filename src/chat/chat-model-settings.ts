// The model the chat talks to, as the person chose it: kept in storage, edited in Settings, and asked
// for on the first run (no model yet) before a question can go. One part of mountChat (mount-chat.ts).
import { contextBudgetFor } from '../providers/context-budget';
import { createChosenModel } from '../providers/create-chosen-model';
import { listProviderModels } from '../providers/list-provider-models';
import { localContextWindow } from '../providers/local-context-window';
import { policyAwareFetch } from '../providers/policy-aware-fetch';
import {
  defaultLlmSettings,
  firstRunView,
  hasSavedLlmSettings,
  loadLlmSettings,
  saveLlmSettings,
  savedToolMode,
  type LlmSettings,
  needsModelSetup,
  SettingsPanel,
  testModelConnection,
} from '../settings';
import type { ChatModel } from '../agent/types';
import type { AppConfig } from '../config/app-config';
import type { ChatPanel } from './chat-panel';

/** What the model settings need from the chat. */
export interface ChatModelSettingsOptions {
  config: AppConfig;
  panel: ChatPanel;
  /** This app's storages (an embed's own namespace). */
  storage: { local: Storage; session: Storage };
  /** The settings' other sections (credentials, MCP servers), as they are when Settings opens. */
  sections(): HTMLElement[];
  /** The person saved another model: the conversation on screen goes on with it and its budget. */
  onModelChanged(model: ChatModel, contextTokens: number): void;
  /** The local server said what window it runs the model with: the budget follows. */
  onContextTokensChanged(contextTokens: number): void;
}

/** The chosen model, its Settings dialog and the first-run view. */
export class ChatModelSettings {
  private settings: LlmSettings;
  /** Names a request the page's security policy refused, so the error says so, not "cannot reach". */
  private readonly fetch = policyAwareFetch();
  /** The window the local server reported for the current choice, once it did. */
  private reportedWindow: number | undefined;

  constructor(private readonly options: ChatModelSettingsOptions) {
    this.settings = loadLlmSettings(defaultLlmSettings(options.config), options.storage);
    this.askLocalWindow();
  }

  /** A model client for the current choice. */
  createModel(): ChatModel {
    return createChosenModel(this.settings, this.fetch);
  }

  /** The context budget of the current choice (the config's, or the model's known window). */
  contextTokens(): number {
    return contextBudgetFor(
      this.settings.provider,
      this.settings.model,
      this.options.config.limits.contextTokens,
      this.reportedWindow,
    );
  }

  /**
   * Asks a local server what window it runs the chosen model with, in the background (no question waits
   * for it); when it answers for the choice still current, the budget follows.
   */
  private askLocalWindow(): void {
    const chosen = this.settings;
    if (chosen.provider !== 'local' || this.options.config.limits.contextTokens !== undefined)
      return;
    // Nothing is asked of a server nobody chose: before a model is set up the default endpoint is
    // only a suggestion, and asking it would put refused connections in the page's console.
    if (this.needsSetup()) return;
    // The window is asked without the key (it goes only with the chat's own requests): a server that
    // wants one would refuse every question, so none is asked.
    if (chosen.apiKey) return;
    void localContextWindow(chosen.endpoint, chosen.model, { fetch: this.fetch }).then((window) => {
      if (window === undefined || this.settings !== chosen || window === this.reportedWindow)
        return;
      this.reportedWindow = window;
      this.options.onContextTokensChanged(this.contextTokens());
    });
  }

  /** True while no model is set up: a question waits until one is. */
  needsSetup(): boolean {
    return needsModelSetup(
      this.settings,
      hasSavedLlmSettings(this.options.storage.local),
      this.options.config.llm.bringYourOwnKey,
    );
  }

  /** Opens Settings, with `note` above them when given. */
  open(note?: string): void {
    const { config, panel, storage } = this.options;
    const settingsPanel = new SettingsPanel({
      settings: this.settings,
      sections: this.options.sections(),
      toolModeFor: (provider, model) => savedToolMode(provider, model, storage.local),
      bringYourOwnKey: config.llm.bringYourOwnKey,
      testConnection: (candidate) =>
        testModelConnection(candidate, {
          fetch: this.fetch,
          bringYourOwnKey: config.llm.bringYourOwnKey,
        }),
      listModels: (choice, signal) => listProviderModels(choice, { fetch: this.fetch, signal }),
      onSave: (saved) => {
        this.settings = saved;
        this.reportedWindow = undefined;
        saveLlmSettings(saved, storage);
        // The next turn uses the new model and its budget; the conversation and its history stay.
        this.options.onModelChanged(this.createModel(), this.contextTokens());
        this.askLocalWindow();
        this.showFirstRun();
        // "Connect a model first" is done with once a model is saved.
        if (!this.needsSetup())
          settingsPanel.root.querySelector(':scope > .mw-connect-first')?.remove();
      },
      onClose: () => panel.input.textarea.focus(),
    });
    if (note)
      settingsPanel.root.prepend(
        Object.assign(document.createElement('p'), {
          className: 'mw-note mw-connect-first',
          textContent: note,
        }),
      );
    panel.dialogSlot.replaceChildren(settingsPanel.root);
    settingsPanel.root.focus();
  }

  /** The first run (no model yet) replaces the welcome until a model is saved (docs/chat.md). */
  showFirstRun(): void {
    const { config, panel } = this.options;
    panel.setWelcome(
      this.needsSetup()
        ? firstRunView({
            examplePrompts: config.examplePrompts,
            onConnect: (prompt) => {
              if (prompt !== undefined) panel.input.textarea.value = prompt;
              this.open(
                prompt === undefined
                  ? undefined
                  : 'Connect a model first: your question waits in the box until you send it.',
              );
            },
          })
        : undefined,
      'No model connected yet',
    );
  }
}

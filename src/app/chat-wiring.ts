// Wires the chat: the model from the settings, the Agent with the registry, IndexedDB persistence, the
// chat panel in the #chat element and the approval card that shows a conversation's waiting calls.
import { Agent } from '../agent/agent';
import { toolIdentity } from '../agent/approval-policy';
import { SessionApprovals } from '../agent/session-approvals';
import { createEnginePreflight } from '../data/preflight';
import { contextBudgetFor } from '../providers/context-budget';
import { createChosenModel } from '../providers/create-chosen-model';
import { listProviderModels } from '../providers/list-provider-models';
import { ConversationStore } from '../storage/conversation-store';
import {
  hasSavedLlmSettings,
  loadLlmSettings,
  saveLlmSettings,
  savedToolMode,
  type LlmSettings,
} from '../storage/llm-settings-store';
import { createRenderChartTool } from '../tools/chart/render-chart';
import { ApprovalControls } from '../ui/approval-controls';
import { ChatPanel } from '../ui/chat-panel';
import { ChatSession } from '../ui/chat-session';
import { ConversationSidebar } from '../ui/conversation-sidebar';
import { CredentialsSection } from '../ui/credentials-section';
import { button } from '../ui/dom';
import {
  conversationToJson,
  conversationToMarkdown,
  downloadText,
} from '../ui/export-conversation';
import { exportFileName } from '../ui/export-file-name';
import { firstRunView } from '../ui/first-run-view';
import { McpSettingsSection } from '../ui/mcp-settings-section';
import { PendingApprovalView } from '../ui/pending-approval-view';
import { resolveTableData, type TableData } from '../ui/result-data';
import { SettingsPanel } from '../ui/settings-panel';
import { UndoToast } from '../ui/undo-toast';
import { ConversationDeletes } from './conversation-deletes';
import { keepConversationResults } from './keep-conversation-results';
import { needsModelSetup } from './model-setup';
import { openConversation } from './open-conversation';
import { policyAwareFetch } from './policy-aware-fetch';
import { preloadChatModules } from './preload-chat-modules';
import { preloadData } from './preload-data';
import { createResultActions } from './result-actions';
import { testModelConnection } from './test-model-connection';
import type { Conversation } from '../agent/conversation/conversation';
import type { JsonValue } from '../agent/conversation/conversation-document';
import type { AppConfig } from '../config/app-config';
import type { DataEngine } from '../data/data-engine';
import type { McpHub } from '../mcp/mcp-hub';
import type { ConversationWriter } from '../storage/conversation-writer';
import type { CredentialStore } from '../storage/credential-store';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ConversationMapState } from '../tools/map/conversation-map-state';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';

/** What mountChat needs from the composition root. */
export interface MountChatOptions {
  /** The #chat element. */
  element: HTMLElement;
  config: AppConfig;
  registry: ToolRegistry;
  resultStore: ResultStore;
  /** The person's data credentials, managed in the settings (the registry fills and masks them). */
  credentials?: CredentialStore;
  /** The system prompt, or a function giving the current one (it changes when a file is uploaded). */
  systemPrompt?: string | (() => string);
  /** The data engine, for the approval card's pre-flight of embedded SQL. */
  engine?: DataEngine;
  hub?: McpHub;
  /** The data side when it starts later than the chat: engine and hub are taken from it once it settles. */
  data?: Promise<{ engine: DataEngine; hub: McpHub } | undefined>;
  /** The map as the conversation owns it: restored when a conversation opens, saved as it changes. */
  map?: ConversationMap;
  /** Settles when uploads kept from an earlier visit are back: a saved map may show their layers. */
  uploadsRestored?: Promise<void>;
  /** Shows a notice to the person (what could not be restored). */
  notify?: (message: string) => void;
  /** IndexedDB database name (tests isolate themselves with their own). */
  databaseName?: string;
}

/** The mounted chat. */
export interface MountedChat {
  panel: ChatPanel;
  session(): ChatSession;
  approvals: SessionApprovals;
  /** The approval card of the conversation on screen. */
  approvalView: PendingApprovalView;
  destroy(): void;
}

function defaultSettings(config: AppConfig): Partial<LlmSettings> {
  const provider =
    config.llm.providers.find((candidate) => candidate.id === config.llm.defaultProvider) ??
    config.llm.providers[0];
  if (!provider) return {};
  const id =
    provider.kind === 'openai-compatible'
      ? /openrouter/.test(provider.endpoint ?? '')
        ? 'openrouter'
        : /openai\.com/.test(provider.endpoint ?? '')
          ? 'openai'
          : 'local'
      : provider.kind;
  return {
    provider: id,
    ...(provider.endpoint ? { endpoint: provider.endpoint } : {}),
    ...((provider.defaultModel ?? provider.models[0])
      ? { model: provider.defaultModel ?? provider.models[0] ?? '' }
      : {}),
  };
}

/** Mounts the chat into `options.element` and restores the last conversation (resuming a cut-off turn). */
export async function mountChat(options: MountChatOptions): Promise<MountedChat> {
  const { config, registry, resultStore } = options;
  let engine = options.engine;
  let hub = options.hub;
  const promptOf = (): string =>
    (typeof options.systemPrompt === 'function' ? options.systemPrompt() : options.systemPrompt) ??
    '';
  if (!registry.get('render_chart')) registry.register(createRenderChartTool(resultStore));
  let settings = loadLlmSettings(defaultSettings(config));
  // Names a request the page's security policy refused, so the error says so instead of "cannot reach".
  const modelFetch = policyAwareFetch();
  const approvals = new SessionApprovals();
  approvals.autoApprove = config.approvals.autoApproveSession;
  let store: ConversationStore | undefined;
  try {
    store = await ConversationStore.open(options.databaseName);
  } catch {
    store = undefined;
  }
  /** What belongs to the conversation on screen; replaced whole when another one opens. */
  let current:
    | {
        conversation: Conversation;
        session: ChatSession;
        agent: Agent;
        writer?: ConversationWriter;
        teardown: (() => void)[];
      }
    | undefined;
  const conversation = (): Conversation | undefined => current?.conversation;

  const resolveTable = (data: unknown): TableData | undefined =>
    resolveTableData(data, (resultId) => resultStore.get(resultId));
  const panel = new ChatPanel({
    title: config.title,
    examplePrompts: config.examplePrompts,
    resolveTable,
    // A chart the person draws belongs to the conversation, under the table it charts.
    resultActions: createResultActions(registry, (resultId, chart) =>
      conversation()?.dispatch({ type: 'result-charted', resultId, chart }),
    ),
    onSend: (text) => {
      // With no model yet the question is kept in the box while the settings open (beforeSend).
      if (needsModelSetup(settings, hasSavedLlmSettings())) panel.input.textarea.value = text;
      current?.session.send(text);
    },
    onStop: () => current?.session.stop(),
    retry: (turnIndex) => current?.session.retry(turnIndex),
    continueTurn: (turnIndex) => current?.session.continueTurn(turnIndex),
    regenerate: (turnIndex) => current?.session.resend(turnIndex),
    editQuestion: (turnIndex, text) => current?.session.resend(turnIndex, text),
    openSettings: () => openSettings(),
  });
  let mcpSection = hub ? new McpSettingsSection(hub) : undefined;
  void options.data?.then((started) => {
    if (!started) return;
    engine ??= started.engine;
    if (!hub) {
      hub = started.hub;
      mcpSection = new McpSettingsSection(hub);
    }
  });
  const approvalView = new PendingApprovalView({
    slot: panel.approvalSlot,
    preflightFor: (serverId) =>
      serverId === 'embedded' && engine ? createEnginePreflight(engine) : undefined,
    onAllowTool: (name) => {
      // Bound to the tool shown on the card, so the name cannot later pass to another server's tool.
      const tool = registry.get(name);
      approvals.allow(name, tool ? toolIdentity(tool) : undefined);
    },
    onOpenChange: (open) => panel.setAwaitingApproval(open),
  });
  // Tools of MCP servers must be registered before a decided call runs, or it would come back as
  // "unknown tool" after a reload: wait for the data side, the hub's discovery and the person's servers.
  const toolsReady = async (): Promise<void> => {
    await options.data;
    await hub?.ready();
  };
  const createAgent = (): Agent =>
    new Agent({
      model: createChosenModel(settings, modelFetch),
      registry,
      sessionApprovals: approvals,
      systemPrompt: promptOf(),
      approvalReminder: config.explainCalls.reminder,
      limits: {
        maxRounds: config.limits.maxRounds,
        deadlineMs: config.limits.turnDeadlineMs,
        toolTimeoutMs: config.limits.toolTimeoutMs,
        contextTokens: contextBudgetFor(
          settings.provider,
          settings.model,
          config.limits.contextTokens,
        ),
      },
    });

  const openSettings = (note?: string): void => {
    const sections = [
      ...(options.credentials
        ? [
            new CredentialsSection(
              options.credentials,
              () => hub?.servers().map((server) => server.id) ?? [],
            ).root,
          ]
        : []),
      ...(mcpSection ? [mcpSection.root] : []),
    ];
    const settingsPanel = new SettingsPanel({
      settings,
      sections,
      toolModeFor: (provider, model) => savedToolMode(provider, model),
      testConnection: (candidate) => testModelConnection(candidate, { fetch: modelFetch }),
      listModels: (choice, signal) => listProviderModels(choice, { fetch: modelFetch, signal }),
      onSave: (saved) => {
        settings = saved;
        saveLlmSettings(saved);
        // The next turn uses the new model; the conversation and its history stay as they are.
        current?.agent.setModel(createChosenModel(settings, modelFetch));
        showFirstRun();
      },
      onClose: () => panel.input.textarea.focus(),
    });
    if (note)
      settingsPanel.root.prepend(
        Object.assign(document.createElement('p'), { className: 'mw-note', textContent: note }),
      );
    panel.dialogSlot.replaceChildren(settingsPanel.root);
    settingsPanel.root.focus();
  };
  // The first run (no model yet) replaces the welcome until a model is saved (docs/chat.md, First run).
  const showFirstRun = (): void =>
    panel.setWelcome(
      needsModelSetup(settings, hasSavedLlmSettings())
        ? firstRunView({
            examplePrompts: config.examplePrompts,
            onConnect: (prompt) => {
              if (prompt !== undefined) panel.input.textarea.value = prompt;
              openSettings(
                prompt === undefined
                  ? undefined
                  : 'Connect a model first: your question waits in the box until you send it.',
              );
            },
          })
        : undefined,
      'No model connected yet',
    );
  showFirstRun();
  const beforeSend = (): boolean => {
    if (needsModelSetup(settings, hasSavedLlmSettings())) {
      openSettings('Connect a model to send your question: choose a provider, then Save.');
      return false;
    }
    // An upload or a saved credential changed the prompt: the next turn reads the new one.
    current?.agent.setSystemPrompt(promptOf());
    return true;
  };

  /**
   * Opens a conversation. At start-up (`initial`) the map and the results are left as the page has
   * them unless the conversation saved a map of its own; switching and New chat replace both.
   */
  let mapRestores: Promise<void> = Promise.resolve();
  const open = async (id: string | undefined, initial = false): Promise<void> => {
    const previous = current;
    current = undefined;
    if (previous) {
      previous.session.dispose();
      for (const teardown of previous.teardown) teardown();
      await previous.writer?.dispose();
    }
    performance.mark('mapwright:conversation-open-start');
    const opened = await openConversation({ store, id, resultStore, keepResults: initial });
    if (opened.problem) options.notify?.(`${opened.problem} A new conversation was started.`);
    const agent = createAgent();
    const session = new ChatSession({
      conversation: opened.conversation,
      agent,
      beforeSend,
      toolsReady,
      onWaiting: (detail) => panel.setWaiting(detail),
    });
    const teardown = [
      panel.show(opened.conversation),
      approvalView.show(opened.conversation, (decisions) => session.decide(decisions)),
    ];
    const map = options.map;
    if (map) {
      teardown.push(
        map.onChange(() =>
          opened.conversation.dispatch({
            type: 'map-changed',
            map: map.capture() as unknown as JsonValue,
          }),
        ),
      );
    }
    if (store) {
      teardown.push(keepConversationResults(opened.conversation, store, resultStore));
      teardown.push(opened.conversation.subscribe(() => void refreshList()));
    }
    current = {
      conversation: opened.conversation,
      session,
      agent,
      teardown,
      ...(opened.writer ? { writer: opened.writer } : {}),
    };
    panel.flush();
    // `npm run bench -- conversation` reads this: storage to a drawn conversation (the map redraws after).
    performance.measure('mapwright:conversation-open', 'mapwright:conversation-open-start');
    await refreshList();
    // The map is the conversation's: its result layers (drawn from the rows just put back), filters,
    // styles, visibility and view; a new conversation gets the publisher's map. Restored after the
    // conversation shows (a layer joined onto one still loading can take seconds).
    const savedMap = opened.conversation.document.map as ConversationMapState | undefined;
    if (options.map && (!initial || savedMap !== undefined)) {
      const map = options.map;
      // One restore at a time: switching quickly lands on the last conversation's map.
      mapRestores = mapRestores
        .then(async () => {
          if (current?.conversation !== opened.conversation) return;
          // A saved map may show uploaded layers, which come back from storage after the map draws.
          if (savedMap !== undefined) await settledWithin(options.uploadsRestored, 10_000);
          const report = await map.restore(savedMap);
          for (const problem of report.problems) options.notify?.(problem.message);
        })
        .catch((error: unknown) => {
          options.notify?.(`The conversation's map could not be restored: ${String(error)}`);
        });
      await mapRestores;
    }
  };
  let listedKey = '';
  const refreshList = async (force = false): Promise<void> => {
    const document = conversation()?.document;
    if (!store || !document) return;
    const key = `${document.id}|${document.title}|${document.turns.length}`;
    if (key === listedKey && !force) return;
    listedKey = key;
    // The list comes from storage, which the writer may not have reached yet: the open conversation
    // is shown as it is now.
    const { id, title, createdAt, updatedAt } = document;
    const questions = document.turns.map((turn) => turn.userText).join('\n');
    const shown = { id, title, createdAt, updatedAt, questions };
    const summaries = await store.list();
    const listed = summaries.some((summary) => summary.id === id)
      ? summaries.map((summary) => (summary.id === id ? shown : summary))
      : [shown, ...summaries];
    sidebar.render(listed, id);
  };
  const toast = new UndoToast();
  /** The conversation that was open when it was deleted: Undo opens it again. */
  let reopenOnUndo: string | undefined;
  const deletes = store
    ? new ConversationDeletes(store, toast, {
        changed: () => refreshList(true),
        restored: async (id) => {
          if (reopenOnUndo === id && !current?.session.busy) await open(id);
          else await refreshList(true);
        },
        failed: (error) =>
          options.notify?.(`The conversation could not be deleted or restored: ${String(error)}`),
      })
    : undefined;
  const sidebar = new ConversationSidebar({
    onOpen: (id) => {
      if (current?.session.busy || !store || id === conversation()?.document.id) return;
      void open(id);
    },
    onNew: () => {
      if (current?.session.busy) return;
      void open(undefined);
    },
    onRename: (id, title) => {
      const open = current?.conversation;
      if (open?.document.id === id) open.dispatch({ type: 'renamed', title });
      else void store?.rename(id, title).then(() => refreshList(true));
    },
    onDelete: (id) => {
      if (!store || !deletes) return;
      const isOpen = conversation()?.document.id === id;
      if (isOpen && current?.session.busy) return;
      const remaining = store;
      reopenOnUndo = isOpen ? id : undefined;
      // The open conversation is left first (its writer flushes), then the next one opens.
      const leave = async (): Promise<void> => {
        if (isOpen) await open((await remaining.list()).find((summary) => summary.id !== id)?.id);
      };
      void deletes.remove(id, leave);
    },
    onExport: (format) => {
      const document = conversation()?.document;
      if (!document) return;
      // Markdown waits for its charts to be drawn (the chart chunk loads on the first export).
      if (format === 'markdown')
        void conversationToMarkdown(document.title, document.turns, { resolveTable }).then(
          (markdown) =>
            downloadText(
              exportFileName(document.title, document.createdAt, 'md'),
              markdown,
              'text/markdown',
            ),
        );
      else
        downloadText(
          exportFileName(document.title, document.createdAt, 'json'),
          conversationToJson(
            document.title,
            document.turns,
            [...document.agent.history],
            resolveTable,
          ),
          'application/json',
        );
    },
  });
  const settingsButton = button('Settings', () => openSettings(), {
    className: 'mw-button mw-open-settings',
    ariaLabel: 'Open the settings',
  });
  // Streamed text is written at most every 250 ms: keep what is on screen when the page goes away.
  const flushOnHide = (): void => current?.writer?.stashForUnload();
  window.addEventListener('pagehide', flushOnHide);
  const controls = new ApprovalControls(approvals);
  panel.toolbar.append(settingsButton, controls.root);
  panel.toolbar.parentElement?.prepend(sidebar.toggle);
  panel.root.append(sidebar.backdrop, sidebar.root, toast.root);
  // Above the question box, where the person looks before asking: queries will run without a card.
  panel.input.root.before(controls.banner);
  options.element.replaceChildren(panel.root);

  await open(store ? (await store.list())[0]?.id : undefined, true);
  void deletes?.resume();
  options.element.dataset.chatReady = 'true';
  options.element.removeAttribute('aria-busy');
  preloadChatModules();
  preloadData(
    options.engine
      ? Promise.resolve(options.engine)
      : (options.data?.then((started) => started?.engine) ?? Promise.resolve(undefined)),
  );
  return {
    panel,
    session: () => {
      if (!current) throw new Error('No conversation is open.');
      return current.session;
    },
    approvals,
    approvalView,
    destroy: () => {
      // A running turn stops; a card waiting for the person stays in the document for the next visit.
      if (current?.session.busy) current.session.stop();
      current?.session.dispose();
      for (const teardown of current?.teardown ?? []) teardown();
      window.removeEventListener('pagehide', flushOnHide);
      toast.expire();
      controls.destroy();
      store?.close();
      options.element.replaceChildren();
    },
  };
}

/** Waits for `promise` to settle, or `ms` at most, whichever comes first; never rejects. */
function settledWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!promise) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => clearTimeout(timer));
}

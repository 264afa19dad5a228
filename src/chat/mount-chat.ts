// Wires the chat: the transcript and question box (the chat panel) with the surfaces it holds: the
// results, settings, approval and conversations surfaces, each mounted with its own destroy, and the
// conversation on screen (its agent, session and writer). The chat's destroy is theirs, last first.
import { isSmallContext } from '../agent/context/small-context';
import { Agent } from '../agent/run/agent';
import { SessionApprovals } from '../agent/run/session-approvals';
import { mountApproval } from '../approval/mount-approval';
import { firstConversation } from '../conversations';
import {
  mountConversations,
  type MountedConversations,
} from '../conversations/mount-conversations';
import { mountResults } from '../results/mount-results';
import { readThemeChoice, saveThemeChoice } from '../settings';
import { mountSettings } from '../settings/mount-settings';
import { ConversationStore, DEFAULT_DATABASE_NAME } from '../storage/conversation-store';
import { pageStorageScope, type StorageScope } from '../storage/storage-scope';
import { createRenderChartTool } from '../tools/chart/render-chart';
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { ChatModelSettings } from './chat-model-settings';
import { ChatPanel } from './chat-panel';
import { ConversationOnScreen } from './conversation-on-screen';
import { followServerWaits } from './follow-server-waits';
import { preloadChatModules } from './preload-chat-modules';
import { preloadData } from './preload-data';
import type { AgentEvent } from '../agent/types';
import type { PendingApprovalView } from '../approval';
import type { AppConfig } from '../config/app-config';
import type { ReportSources, MapUndo } from '../conversations';
import type { DataEngine } from '../data/data-engine';
import type { McpHub } from '../mcp/mcp-hub';
import type { CredentialStore } from '../settings';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ChatSession } from './chat-session';

/** What mountChat needs from the composition root. */
export interface MountChatOptions {
  /** The chat's area (`.app-chat`). */
  element: HTMLElement;
  config: AppConfig;
  registry: ToolRegistry;
  resultStore: ResultStore;
  /** The person's data credentials, managed in the settings (the registry fills and masks them). */
  credentials?: CredentialStore;
  /** Sections at the foot of Settings (the page's offline copy), as they are when it opens. */
  settingsSections?: () => HTMLElement[];
  /** The system prompt, or a function giving the current one (it changes when a file is uploaded). */
  systemPrompt?: string | ((options?: { compact?: boolean }) => string);
  /** The data engine, for the approval card's pre-flight of embedded SQL. */
  engine?: DataEngine;
  hub?: McpHub;
  /** The data side when it starts later than the chat: engine and hub are taken from it once it settles. */
  data?: Promise<{ engine: DataEngine; hub: McpHub } | undefined>;
  /** The map as the conversation owns it: restored when a conversation opens, saved as it changes. */
  map?: ConversationMap;
  /** The map's Undo and Redo (they follow the conversation on screen), and its picture for a report. */
  mapUndo?: MapUndo;
  report?: ReportSources;
  /** Settles when uploads kept from an earlier visit are back: a saved map may show their layers. */
  uploadsRestored?: Promise<void>;
  /** Shows a notice to the person (what could not be restored). */
  notify?: (message: string) => void;
  /** IndexedDB database name (tests isolate themselves with their own). */
  databaseName?: string;
  /** Where this app keeps what it stores: the page's names, or an embed's own namespace. */
  storage?: StorageScope;
  /** The element whose data-theme the theme button sets (the page's <html> by default). */
  themeRoot?: HTMLElement;
  /** Hears every event of the runs of the conversation on screen (the host page's events). */
  onAgentEvent?: (event: AgentEvent) => void;
}

/** The mounted chat. */
export interface MountedChat extends Mounted {
  panel: ChatPanel;
  session(): ChatSession;
  approvals: SessionApprovals;
  /** The approval card of the conversation on screen. */
  approvalView: PendingApprovalView;
  /** Imports a conversation's JSON export and opens it (a file dropped on the map is handed here). */
  importConversation(file: File): Promise<void>;
  /** Asks `question` in the conversation on screen, as typing it and pressing Send does. */
  ask(question: string): void;
}

/** Mounts the chat into `options.element` and restores the last conversation (resuming a cut-off turn). */
export async function mountChat(options: MountChatOptions): Promise<MountedChat> {
  const { config, registry, resultStore } = options;
  const pieces = new MountedPieces();
  // Last of all, the chat's area is emptied.
  pieces.add({ destroy: () => options.element.replaceChildren() });
  const scope = options.storage ?? pageStorageScope();
  const llmStorage = { local: scope.local, session: scope.session };
  // The data side starts after the chat: its engine and hub are read at each use.
  let engine = options.engine;
  let hub = options.hub;
  const hubStarted = hub
    ? Promise.resolve(hub)
    : (options.data?.then((started) => started?.hub) ?? Promise.resolve(undefined));
  void options.data?.then((started) => {
    engine ??= started?.engine;
    hub ??= started?.hub;
  });
  // A small context window gets the short prompt variant (docs/performance.md, "Context that fits").
  const promptOf = (): string => {
    const compact = isSmallContext(model.contextTokens());
    return (
      (typeof options.systemPrompt === 'function'
        ? options.systemPrompt({ compact })
        : options.systemPrompt) ?? ''
    );
  };
  if (!registry.get('render_chart')) registry.register(createRenderChartTool(resultStore));
  const approvals = new SessionApprovals();
  approvals.autoApprove = config.approvals.autoApproveSession;
  let store: ConversationStore | undefined;
  try {
    store = await ConversationStore.open(options.databaseName ?? scope.name(DEFAULT_DATABASE_NAME));
  } catch {
    store = undefined;
  }
  pieces.add({ destroy: () => store?.close() });

  const results = pieces.add(
    mountResults({
      registry,
      resultStore,
      engine: () => engine,
      onCharted: (resultId, chart) =>
        screen.conversation?.dispatch({ type: 'result-charted', resultId, chart }),
    }),
  );
  const panel = pieces.add(
    new ChatPanel({
      title: config.title,
      examplePrompts: config.examplePrompts,
      theme: {
        initial: readThemeChoice(scope.local),
        onChoose: (choice) => saveThemeChoice(choice, scope.local),
        ...(options.themeRoot ? { page: options.themeRoot } : {}),
      },
      resolveTable: results.resolveTable,
      resultActions: results.actions,
      onSend: (text) => send(text),
      onStop: () => screen.stop(),
      retry: (turnIndex) => screen.startTurn((session) => session.retry(turnIndex)),
      continueTurn: (turnIndex) => screen.startTurn((session) => session.continueTurn(turnIndex)),
      regenerate: (turnIndex) => screen.startTurn((session) => session.resend(turnIndex)),
      editQuestion: (turnIndex, text) =>
        screen.startTurn((session) => session.resend(turnIndex, text)),
      runAgain: (turnIndex, callId) =>
        screen.startTurn((session) => void session.runAgain(turnIndex, callId)),
      openSettings: () => model.open(),
    }),
  );
  // The data engine starts when the person is about to ask, not at every page load.
  const dataPreload = pieces.add(
    preloadData(
      options.engine
        ? Promise.resolve(options.engine)
        : (options.data?.then((started) => started?.engine) ?? Promise.resolve(undefined)),
      panel.input.root,
    ),
  );
  const model = new ChatModelSettings({
    config,
    panel,
    storage: llmStorage,
    sections: () => settings.sections(),
    onModelChanged: (chosen, contextTokens) => {
      screen.agent?.setModel(chosen, contextTokens);
      screen.agent?.setSystemPrompt(promptOf());
    },
    onContextTokensChanged: (contextTokens) => {
      screen.agent?.setContextTokens(contextTokens);
      screen.agent?.setSystemPrompt(promptOf());
    },
  });
  /** Sends a question as the Send button does (the host page's ask() comes here too). */
  function send(text: string): void {
    // With no model yet the question is kept in the box while the settings open (beforeSend).
    if (model.needsSetup()) panel.input.textarea.value = text;
    screen.startTurn((session) => session.send(text), text);
  }
  // The status line names the servers a running call waits for, once the hub is there.
  void hubStarted.then((started) => {
    if (!started) return;
    pieces.add(mounted(followServerWaits(started, (names) => panel.setServersWaiting(names))));
  });
  const settings = pieces.add(
    mountSettings(panel.toolbar, {
      open: () => model.open(),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      registry,
      reuseAnswersMs: config.limits.reuseAnswersMs,
      storage: llmStorage,
      ...(hub ? { hub } : {}),
      hubStarted,
      ...(options.settingsSections ? { pageSections: options.settingsSections } : {}),
    }),
  );
  const approval = pieces.add(
    mountApproval(panel.approvalSlot, {
      approvals,
      registry,
      engine: () => engine,
      hub: () => hub,
      hubStarted,
      controlsHost: panel.toolbar,
      bannerBefore: panel.input.root,
      onOpenChange: (open) => panel.setAwaitingApproval(open),
    }),
  );
  const conversations: MountedConversations = pieces.add(
    mountConversations(panel.root, {
      store,
      current: () => screen.conversation?.document,
      busy: () => screen.busy,
      open: (id) => screen.open(id),
      renameOpen: (title) => screen.conversation?.dispatch({ type: 'renamed', title }),
      notify: (message) => options.notify?.(message),
      resolveTable: results.resolveTable,
      jumpTo: (query) => {
        panel.flush();
        panel.jumpTo(query);
      },
      ...(options.report ? { report: options.report } : {}),
      sidebarStorage: scope.local,
      toggleHost: panel.toolbar.parentElement,
    }),
  );
  const screen: ConversationOnScreen = pieces.add(
    new ConversationOnScreen({
      store,
      scope,
      resultStore,
      panel,
      approval,
      list: conversations.list,
      reportWriteError: (error) => conversations.reportWriteError(error),
      keepResults: (conversation, kept) => results.keep(conversation, kept),
      createAgent: () =>
        new Agent({
          model: model.createModel(),
          registry,
          sessionApprovals: approvals,
          systemPrompt: promptOf(),
          approvalReminder: config.explainCalls.reminder,
          explainProposals: config.explainCalls.quickExplanation,
          limits: {
            maxRounds: config.limits.maxRounds,
            deadlineMs: config.limits.turnDeadlineMs,
            toolTimeoutMs: config.limits.toolTimeoutMs,
            contextTokens: model.contextTokens(),
          },
        }),
      beforeSend: () => {
        if (model.needsSetup()) {
          model.open('Connect a model to send your question: choose a provider, then Save.');
          return false;
        }
        // An upload or a saved credential changed the prompt: the next turn reads the new one.
        screen.agent?.setSystemPrompt(promptOf());
        return true;
      },
      // Tools of MCP servers must be registered before a decided call runs, or it would come back as
      // "unknown tool" after a reload: wait for the data side, the hub's discovery and the person's servers.
      toolsReady: async () => {
        await options.data;
        await hub?.ready();
      },
      ...(options.map ? { map: options.map } : {}),
      ...(options.mapUndo ? { mapUndo: options.mapUndo } : {}),
      ...(options.uploadsRestored ? { uploadsRestored: options.uploadsRestored } : {}),
      notify: (message) => options.notify?.(message),
      onAgentEvent: (event) => {
        if (event.type === 'turn-start') dataPreload.start();
        options.onAgentEvent?.(event);
      },
    }),
  );
  model.showFirstRun();
  // Streamed text is written at most every 250 ms: keep what is on screen when the page goes away.
  const flushOnHide = (): void => screen.stashForUnload();
  window.addEventListener('pagehide', flushOnHide);
  pieces.add({ destroy: () => window.removeEventListener('pagehide', flushOnHide) });
  options.element.replaceChildren(panel.root);

  await screen.open(await firstConversation(store, scope), true);
  conversations.tidy(screen.conversation?.document.id);
  options.element.dataset.chatReady = 'true';
  options.element.removeAttribute('aria-busy');
  pieces.add(preloadChatModules());
  return {
    panel,
    session: () => {
      const session = screen.session;
      if (!session) throw new Error('No conversation is open.');
      return session;
    },
    approvals,
    approvalView: approval.view,
    importConversation: (file) => conversations.list.importFile(file),
    ask: (question) => send(question),
    destroy: () => pieces.destroy(),
  };
}

// Wires the chat: the model from the settings, the Agent with the registry, IndexedDB persistence, the
// chat panel in the #chat element and the approval card that shows a conversation's waiting calls.
import { isSmallContext } from '../agent/context/small-context';
import { Agent } from '../agent/run/agent';
import { toolIdentity } from '../agent/run/approval-policy';
import { SessionApprovals } from '../agent/run/session-approvals';
import { ApprovalControls, PendingApprovalView } from '../approval';
import {
  ConversationList,
  ConversationTabs,
  firstConversation,
  followConversationMap,
  writeErrorReporter,
} from '../conversations';
import { createEnginePreflight } from '../data/preflight/preflight';
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import {
  createResultActions,
  keepConversationResults,
  keptResultSource,
  tableResolver,
} from '../results';
import {
  CredentialsSection,
  loadUserServers,
  saveServerSwitchedOff,
  saveUserServers,
  McpSettingsSection,
  type KeptServers,
  readThemeChoice,
  saveThemeChoice,
} from '../settings';
import { CONVERSATION_CHANNEL, ConversationChannel } from '../storage/conversation-channel';
import { ConversationLock } from '../storage/conversation-lock';
import { rememberConversationOnScreen } from '../storage/conversation-on-screen';
import { ConversationStore, DEFAULT_DATABASE_NAME } from '../storage/conversation-store';
import { openConversation } from '../storage/open-conversation';
import { pageStorageScope, type StorageScope } from '../storage/storage-scope';
import { createRenderChartTool } from '../tools/chart/render-chart';
import { button } from '../ui/dom';
import { acceptFileDrops } from '../uploads';
import { ChatModelSettings } from './chat-model-settings';
import { ChatPanel } from './chat-panel';
import { ChatSession } from './chat-session';
import { followServerWaits } from './follow-server-waits';
import { preloadChatModules } from './preload-chat-modules';
import { preloadData } from './preload-data';
import { reuseAnswersSwitch } from './reuse-answers-switch';
import { settledWithin } from './settled-within';
import type { Conversation } from '../agent/conversation/conversation';
import type { AgentEvent } from '../agent/types';
import type { AppConfig } from '../config/app-config';
import type { ReportSources, MapUndo } from '../conversations';
import type { DataEngine } from '../data/data-engine';
import type { McpHub } from '../mcp/mcp-hub';
import type { CredentialStore } from '../settings';
import type { ConversationWriter } from '../storage/conversation-writer';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ConversationMapState } from '../tools/map/conversation-map-state';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';

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
export interface MountedChat {
  panel: ChatPanel;
  session(): ChatSession;
  approvals: SessionApprovals;
  /** The approval card of the conversation on screen. */
  approvalView: PendingApprovalView;
  /** Imports a conversation's JSON export and opens it (a file dropped on the map is handed here). */
  importConversation(file: File): Promise<void>;
  /** Asks `question` in the conversation on screen, as typing it and pressing Send does. */
  ask(question: string): void;
  destroy(): void;
}

/** Mounts the chat into `options.element` and restores the last conversation (resuming a cut-off turn). */
export async function mountChat(options: MountChatOptions): Promise<MountedChat> {
  const { config, registry, resultStore } = options;
  const scope = options.storage ?? pageStorageScope();
  const llmStorage = { local: scope.local, session: scope.session };
  let engine = options.engine;
  let hub = options.hub;
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
  /** What belongs to the conversation on screen; replaced whole when another one opens. */
  let current:
    | {
        conversation: Conversation;
        session: ChatSession;
        agent: Agent;
        writer?: ConversationWriter;
        tabs?: ConversationTabs;
        teardown: (() => void)[];
      }
    | undefined;
  // Other tabs may have the same conversation open: one runs a turn at a time (conversation-tabs.ts).
  const lock = new ConversationLock(undefined, scope.name);
  const channel = new ConversationChannel(scope.name(CONVERSATION_CHANNEL));
  /** Runs `action` on the session, as the conversation's one writer when other tabs may have it open. */
  const startTurn = (action: (session: ChatSession) => void, text?: string): void => {
    const tabs = current?.tabs;
    if (!tabs) return void (current && action(current.session));
    void tabs.start(() => current && action(current.session), text);
  };
  const conversation = (): Conversation | undefined => current?.conversation;

  // `engine` is read at each call: the data side starts after the chat.
  const keptSource = (resultId: string) => keptResultSource(engine, resultStore, resultId);
  const resolveTable = tableResolver(resultStore, keptSource);
  const panel = new ChatPanel({
    title: config.title,
    examplePrompts: config.examplePrompts,
    theme: {
      initial: readThemeChoice(scope.local),
      onChoose: (choice) => saveThemeChoice(choice, scope.local),
      ...(options.themeRoot ? { page: options.themeRoot } : {}),
    },
    resolveTable,
    // A chart the person draws belongs to the conversation, under the table it charts.
    resultActions: createResultActions(
      registry,
      (resultId, chart) => conversation()?.dispatch({ type: 'result-charted', resultId, chart }),
      keptSource,
    ),
    onSend: (text) => send(text),
    onStop: () => current?.tabs?.stop() || current?.session.stop(),
    retry: (turnIndex) => startTurn((session) => session.retry(turnIndex)),
    continueTurn: (turnIndex) => startTurn((session) => session.continueTurn(turnIndex)),
    regenerate: (turnIndex) => startTurn((session) => session.resend(turnIndex)),
    editQuestion: (turnIndex, text) => startTurn((session) => session.resend(turnIndex, text)),
    runAgain: (turnIndex, callId) =>
      startTurn((session) => void session.runAgain(turnIndex, callId)),
    openSettings: () => model.open(),
  });
  const model = new ChatModelSettings({
    config,
    panel,
    storage: llmStorage,
    sections: () => [
      ...(options.credentials
        ? [
            new CredentialsSection(
              options.credentials,
              () => hub?.servers().map((server) => server.id) ?? [],
            ).root,
          ]
        : []),
      ...(mcpSection ? [mcpSection.root] : []),
      ...(options.settingsSections?.() ?? []),
    ],
    onModelChanged: (chosen, contextTokens) => {
      current?.agent.setModel(chosen, contextTokens);
      current?.agent.setSystemPrompt(promptOf());
    },
    onContextTokensChanged: (contextTokens) => {
      current?.agent.setContextTokens(contextTokens);
      current?.agent.setSystemPrompt(promptOf());
    },
  });
  /** Sends a question as the Send button does (the host page's ask() comes here too). */
  function send(text: string): void {
    // With no model yet the question is kept in the box while the settings open (beforeSend).
    if (model.needsSetup()) panel.input.textarea.value = text;
    startTurn((session) => session.send(text), text);
  }
  const keptServers: KeptServers = {
    load: () => loadUserServers(llmStorage),
    save: (servers, saveOptions) =>
      saveUserServers(servers, { ...saveOptions, storage: llmStorage }),
    switchPublisherServer: (serverId, enabled) =>
      saveServerSwitchedOff(serverId, !enabled, scope.local),
  };
  // The person's switch for reused answers, applied to the registry now and kept on this device.
  const reuse = reuseAnswersSwitch(registry, options.config.limits.reuseAnswersMs, scope.local);
  let mcpSection = hub ? new McpSettingsSection(hub, keptServers, reuse) : undefined;
  const showServersWaiting = (names: string[]) => panel.setServersWaiting(names);
  let stopServerWaits = hub ? followServerWaits(hub, showServersWaiting) : undefined;
  let destroyed = false;
  void options.data?.then((started) => {
    if (!started || destroyed) return;
    engine ??= started.engine;
    if (!hub) {
      hub = started.hub;
      mcpSection = new McpSettingsSection(hub, keptServers, reuse);
      stopServerWaits = followServerWaits(hub, showServersWaiting);
    }
  });
  const approvalView = new PendingApprovalView({
    slot: panel.approvalSlot,
    // The page's DuckDB checks its own server's queries; any other server checks its own, or says it cannot.
    preflightFor: (serverId) =>
      serverId === EMBEDDED_SERVER_ID && engine
        ? createEnginePreflight(engine)
        : serverId !== undefined && serverId !== EMBEDDED_SERVER_ID
          ? hub?.preflightFor(serverId)
          : undefined,
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
    });

  model.showFirstRun();
  const beforeSend = (): boolean => {
    if (model.needsSetup()) {
      model.open('Connect a model to send your question: choose a provider, then Save.');
      return false;
    }
    // An upload or a saved credential changed the prompt: the next turn reads the new one.
    current?.agent.setSystemPrompt(promptOf());
    return true;
  };
  /** The agent (from the document's history) and the session that drive `conversation` in this tab. */
  const startSession = (conversation: Conversation): { agent: Agent; session: ChatSession } => {
    const agent = createAgent();
    const session = new ChatSession({
      conversation,
      agent,
      beforeSend,
      toolsReady,
      onWaiting: (detail) => panel.setWaiting(detail),
    });
    return { agent, session };
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
      previous.session.destroy();
      for (const teardown of previous.teardown) teardown();
      await previous.writer?.destroy();
    }
    performance.mark('mapwright:conversation-open-start');
    const liveElsewhere = id !== undefined && (await lock.heldElsewhere(id));
    const opened = await openConversation({
      store,
      id,
      resultStore,
      keepResults: initial,
      liveElsewhere,
      onWriteError: reportWriteError,
      stashStorage: scope.session,
    });
    // The conversation on screen is the one a reload opens (a blank one is not stored: a reload
    // opens a blank one again).
    rememberConversationOnScreen(opened.conversation.document.id, [scope.session, scope.local]);
    if (opened.unreadable) {
      list.markUnreadable(opened.unreadable.id, opened.unreadable.reason);
      options.notify?.(
        `${opened.unreadable.reason} It stays in Conversations, where you can export it raw or delete it.`,
      );
    }
    const { agent, session } = startSession(opened.conversation);
    const teardown = [
      panel.show(opened.conversation),
      // The person's decision on a waiting card runs in the tab that writes the conversation.
      approvalView.show(opened.conversation, (decisions) =>
        startTurn((session) => session.decide(decisions)),
      ),
    ];
    const onAgentEvent = options.onAgentEvent;
    if (onAgentEvent)
      teardown.push(
        opened.conversation.subscribe((_document, action) => {
          if (action.type === 'agent-event') onAgentEvent(action.event);
        }),
      );
    const map = options.map;
    if (map) {
      teardown.push(followConversationMap(opened.conversation, map, options.mapUndo));
    }
    if (store) {
      teardown.push(keepConversationResults(opened.conversation, store, resultStore));
      teardown.push(opened.conversation.subscribe(() => void list.refresh()));
    }
    const tabs =
      store && opened.writer
        ? new ConversationTabs({
            conversation: opened.conversation,
            writer: opened.writer,
            store,
            lock,
            channel,
            session: () => current?.session ?? session,
            renewSession: () => {
              if (current?.conversation !== opened.conversation) return;
              current.session.destroy();
              Object.assign(current, startSession(opened.conversation));
            },
            notify: (message) => options.notify?.(message),
            keepText: (text) => panel.input.fill(text),
            setSaving: (detail) => panel.setWaiting(detail),
          })
        : undefined;
    if (tabs) teardown.push(() => tabs.destroy());
    current = {
      conversation: opened.conversation,
      session,
      agent,
      teardown,
      ...(opened.writer ? { writer: opened.writer } : {}),
      ...(tabs ? { tabs } : {}),
    };
    panel.flush();
    // `npm run bench -- conversation` reads this: storage to a drawn conversation (the map redraws after).
    performance.measure('mapwright:conversation-open', 'mapwright:conversation-open-start');
    await list.refresh(true);
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
  const reportWriteError = writeErrorReporter(
    (message) => options.notify?.(message),
    () => void list.showStorage(),
  );
  const list = new ConversationList({
    store,
    current: () => conversation()?.document,
    busy: () => current?.session.busy === true,
    open: (id) => open(id),
    renameOpen: (title) => conversation()?.dispatch({ type: 'renamed', title }),
    notify: (message) => options.notify?.(message),
    resolveTable,
    jumpTo: (query) => {
      panel.flush();
      panel.jumpTo(query);
    },
    ...(options.report ? { report: options.report } : {}),
    sidebarStorage: scope.local,
  });
  const { sidebar, toast } = list;
  const settingsButton = button('Settings', () => model.open(), {
    className: 'mw-button mw-open-settings',
    ariaLabel: 'Open the settings',
  });
  // Streamed text is written at most every 250 ms: keep what is on screen when the page goes away.
  const flushOnHide = (): void => current?.writer?.stashForUnload(scope.session);
  window.addEventListener('pagehide', flushOnHide);
  const controls = new ApprovalControls(approvals);
  // The banner also lists the tools the person set to run without asking, once the servers are known.
  const showUnasked = (known: McpHub): void =>
    controls.showUnaskedTools(known.personPolicies, (serverId, toolName) =>
      known.setToolPolicy(serverId, toolName, 'ask'),
    );
  if (hub) showUnasked(hub);
  else void options.data?.then((started) => started && showUnasked(started.hub));
  panel.toolbar.append(settingsButton, controls.root);
  panel.toolbar.parentElement?.prepend(sidebar.toggle);
  panel.root.append(sidebar.backdrop, sidebar.root, toast.root);
  // Above the question box, where the person looks before asking: queries will run without a card.
  panel.input.root.before(controls.banner);
  options.element.replaceChildren(panel.root);
  // A conversation's JSON export dropped on the chat is imported.
  const stopDrops = acceptFileDrops(panel.root, (file) => void list.importFile(file));

  await open(await firstConversation(store, scope), true);
  void list.resumeDeletes();
  // Empty entries older releases stored (one per New chat and failed open) leave the list.
  void store
    ?.removeBlank(conversation()?.document.id)
    .then((removed) => (removed > 0 ? list.refresh(true) : undefined))
    .catch(() => undefined);
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
    importConversation: (file) => list.importFile(file),
    ask: (question) => send(question),
    destroy: () => {
      // A running turn stops; a card waiting for the person stays in the document for the next visit.
      if (current?.session.busy) current.session.stop();
      current?.session.destroy();
      for (const teardown of current?.teardown ?? []) teardown();
      window.removeEventListener('pagehide', flushOnHide);
      stopDrops();
      toast.expire();
      controls.destroy();
      destroyed = true;
      stopServerWaits?.();
      mcpSection?.destroy();
      panel.destroy();
      channel.close();
      store?.close();
      options.element.replaceChildren();
    },
  };
}

// Wires the chat: the model from the settings, the Agent with the registry and the card-backed approval
// gate, IndexedDB persistence, and the chat panel in the #chat element.
import { Agent } from '../agent/agent';
import { toolIdentity } from '../agent/approval-policy';
import { SessionApprovals } from '../agent/session-approvals';
import { createEnginePreflight } from '../data/preflight';
import { ConversationStore, type ConversationSummary } from '../storage/conversation-store';
import {
  hasSavedLlmSettings,
  loadLlmSettings,
  PROVIDER_DEFAULTS,
  saveLlmSettings,
  type LlmSettings,
} from '../storage/llm-settings-store';
import { createRenderChartTool } from '../tools/chart/render-chart';
import { ApprovalControls } from '../ui/approval-controls';
import { CardApprovalGate } from '../ui/approval-gate-view';
import { ChatPanel } from '../ui/chat-panel';
import { ChatSession } from '../ui/chat-session';
import { ConversationBar } from '../ui/conversation-bar';
import { loadConversation } from '../ui/conversation-loader';
import { CredentialsSection } from '../ui/credentials-section';
import {
  conversationToJson,
  conversationToMarkdown,
  downloadText,
} from '../ui/export-conversation';
import { McpSettingsSection } from '../ui/mcp-settings-section';
import { createModelFromSettings, testModelConnection } from '../ui/model-from-settings';
import { findResultId, findTable, type TableData } from '../ui/result-data';
import { SettingsPanel } from '../ui/settings-panel';
import type { AgentSnapshot } from '../agent/types';
import type { AppConfig } from '../config/app-config';
import type { DataEngine } from '../data/data-engine';
import type { McpHub } from '../mcp/mcp-hub';
import type { CredentialStore } from '../storage/credential-store';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ConversationWriter } from '../ui/conversation-writer';
import type { TurnRecord } from '../ui/transcript';

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
  /** IndexedDB database name (tests isolate themselves with their own). */
  databaseName?: string;
}

/** The mounted chat. */
export interface MountedChat {
  panel: ChatPanel;
  session(): ChatSession;
  approvals: SessionApprovals;
  gate: CardApprovalGate;
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
  const promptOf = (): string | undefined =>
    typeof options.systemPrompt === 'function' ? options.systemPrompt() : options.systemPrompt;
  let agentPrompt: string | undefined;
  if (!registry.get('render_chart')) registry.register(createRenderChartTool(resultStore));
  let settings = loadLlmSettings(defaultSettings(config));
  const approvals = new SessionApprovals();
  approvals.autoApprove = config.approvals.autoApproveSession;
  let store: ConversationStore | undefined;
  try {
    store = await ConversationStore.open(options.databaseName);
  } catch {
    store = undefined;
  }
  let session: ChatSession;
  let previous: ChatSession | undefined;
  let writer: ConversationWriter | undefined;
  let conversation: ConversationSummary | undefined;

  const resolveTable = (data: unknown): TableData | undefined => {
    const table = findTable(data);
    const resultId = findResultId(data) ?? table?.resultId;
    const stored = resultId ? resultStore.get(resultId) : undefined;
    if (stored && stored.rows.length >= (table?.rows.length ?? 0)) {
      return {
        resultId: stored.resultId,
        columns: stored.columns.map((column) => column.name),
        rows: stored.rows,
        totalRows: stored.totalRows,
      };
    }
    return table;
  };
  const panel = new ChatPanel({
    title: config.title,
    examplePrompts: config.examplePrompts,
    resolveTable,
    onSend: (text) => session.send(text),
    onStop: () => session.stop(),
    retry: (turn) => session.retry(turn),
    continueTurn: (turn) => session.continueTurn(turn),
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
  const gate = new CardApprovalGate({
    slot: panel.approvalSlot,
    preflightFor: (serverId) =>
      serverId === 'embedded' && engine ? createEnginePreflight(engine) : undefined,
    onAllowTool: (name) => {
      // Bound to the tool shown on the card, so the name cannot later pass to another server's tool.
      const tool = registry.get(name);
      approvals.allow(name, tool ? toolIdentity(tool) : undefined);
    },
  });
  const policy = (serverId: string, toolName: string): 'ask' | 'auto' =>
    mcpSection?.policyOverride(serverId, toolName) ??
    hub?.policyFor(serverId, toolName) ??
    config.approvals.defaultPolicy;
  // Tools of MCP servers must be registered before a restored call is proposed again, or it would
  // come back as "unknown tool": wait for the data side, the hub's discovery and the person's servers.
  const toolsReady = async (): Promise<void> => {
    await options.data;
    await Promise.allSettled([hub?.ready(), mcpSection?.connected]);
  };
  const createAgent = (snapshot: AgentSnapshot | undefined): Agent => {
    agentPrompt = promptOf();
    return new Agent({
      model: createModelFromSettings(settings),
      registry,
      approvalGate: gate,
      sessionApprovals: approvals,
      serverApprovalPolicy: policy,
      ...(agentPrompt !== undefined ? { systemPrompt: agentPrompt } : {}),
      ...(snapshot ? { snapshot } : {}),
      limits: {
        maxRounds: config.limits.maxRounds,
        deadlineMs: config.limits.turnDeadlineMs,
        toolTimeoutMs: config.limits.toolTimeoutMs,
      },
      onStateChange: (state) => writer?.snapshotChanged(state),
    });
  };

  const openSettings = (note?: string): void => {
    const sections = [
      ...(options.credentials ? [new CredentialsSection(options.credentials).root] : []),
      ...(mcpSection ? [mcpSection.root] : []),
    ];
    const settingsPanel = new SettingsPanel({
      settings,
      sections,
      testConnection: (candidate) => testModelConnection(candidate),
      onSave: (saved) => {
        settings = saved;
        saveLlmSettings(saved);
        if (!session.busy) session.agent = createAgent(session.agent.snapshot());
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
  const open = async (summary: ConversationSummary | undefined): Promise<void> => {
    previous?.dispose();
    conversation = summary;
    let turns: TurnRecord[] = [];
    let snapshot: AgentSnapshot | undefined;
    if (store && summary) ({ turns, snapshot, writer } = await loadConversation(store, summary.id));
    else writer = undefined;
    const opened =
      (previous =
      session =
        new ChatSession({
          panel,
          agent: createAgent(snapshot),
          turns,
          ...(writer ? { writer } : {}),
          beforeSend: () => {
            if (PROVIDER_DEFAULTS[settings.provider].needsKey && !settings.apiKey) {
              openSettings(
                'Choose a model and paste its API key (or point at a local server) to start.',
              );
              return false;
            }
            if (
              !hasSavedLlmSettings() &&
              config.llm.bringYourOwnKey &&
              config.llm.providers.length === 0
            ) {
              openSettings('Choose a model to start.');
              return false;
            }
            // An upload or a saved credential changed the prompt: the next turn reads the new one.
            if (promptOf() !== agentPrompt) session.agent = createAgent(session.agent.snapshot());
            return true;
          },
        }));
    await refreshList();
    void opened.restore(toolsReady);
  };
  const refreshList = async (): Promise<void> => {
    if (store && conversation) bar.render(await store.list(), conversation.id);
  };
  const bar = new ConversationBar({
    onSwitch: (id) => {
      if (session.busy || !store) return;
      void store.get(id).then(open);
    },
    onNew: () => {
      if (session.busy) return;
      void (store ? store.create() : Promise.resolve(undefined)).then(open);
    },
    onDelete: (id) => {
      if (session.busy || !store) return;
      void store
        .delete(id)
        .then(async () => open((await store.list())[0] ?? (await store.create())));
    },
    onExport: (format) => {
      const title = conversation?.title ?? 'Mapwright conversation';
      const history = [...session.agent.snapshot().history];
      if (format === 'markdown')
        downloadText(
          'conversation.md',
          conversationToMarkdown(title, session.turns),
          'text/markdown',
        );
      else
        downloadText(
          'conversation.json',
          conversationToJson(title, session.turns, history),
          'application/json',
        );
    },
    onSettings: () => openSettings(),
  });
  // Streamed text is written at most every 250 ms: keep what is on screen when the page goes away.
  const flushOnHide = (): void => writer?.stashForUnload();
  window.addEventListener('pagehide', flushOnHide);
  const controls = new ApprovalControls(approvals);
  panel.toolbar.append(bar.root, controls.root);
  options.element.replaceChildren(panel.root);

  const latest = store ? ((await store.list())[0] ?? (await store.create())) : undefined;
  await open(latest);
  options.element.dataset.chatReady = 'true';
  options.element.removeAttribute('aria-busy');
  return {
    panel,
    session: () => session,
    approvals,
    gate,
    destroy: () => {
      session.stop();
      window.removeEventListener('pagehide', flushOnHide);
      controls.destroy();
      store?.close();
      options.element.replaceChildren();
    },
  };
}

// The hub: many MCP servers, their status, their tools in the ToolRegistry, and calls to them. It owns
// the connections and composes the rest: tool preferences, sign-ins, the registry's tools, the masking
// and keeping of results, each in its own module.
import { McpConnection } from './connection/mcp-connection';
import { FOREVER_RECONNECT, type RetryPolicy } from './connection/reconnect-schedule';
import { HubSignIns } from './hub-sign-ins';
import { callServerTool } from './results/call-server-tool';
import { maskCallResult, serverTokens } from './results/mask-call-result';
import { invalidSchemaReason } from './tools/mcp-tool-schema';
import { NoToolsWarnings } from './tools/no-tools-warnings';
import { displayTitle, toRegistryTool } from './tools/registry-tool';
import { createServerPreflight, isPreflightTool } from './tools/server-preflight';
import { ToolPreferences } from './tools/tool-preferences';
import type { PreflightFunction } from '../data/preflight/preflight';
import type { ResultStore } from '../tools/result-store';
import type { ApprovalSetBy, Tool, ToolResult } from '../tools/tool';
import type {
  ApprovalPolicy,
  HubServerConfig,
  McpServerState,
  McpStatusEvent,
} from './config/mcp-server-config';
import type { EmbeddedServerFactory } from './connection/mcp-transport';
import type { ElicitationHandler } from './forms/elicitation-request';
import type { BrowserOAuthOptions, OAuthCallbackMessage } from './sign-in/browser-oauth-provider';
import type { PersonToolPolicies, PersonToolPolicy } from './tools/person-tool-policies';

/** The part of the ToolRegistry the hub needs. */
export interface ToolSink {
  setServerTools(serverId: string, tools: Tool[]): void;
  /** Removes a server's tools; `unavailable` is what a call of one of them is told until they are back. */
  removeServer(serverId: string, unavailable?: string): void;
}

/** Options of the hub. */
export interface McpHubOptions {
  registry: ToolSink;
  /** Receives query results (structured content with result_id and rows) for map and chart tools. */
  resultStore?: ResultStore;
  fetch?: typeof fetch;
  /** Warnings: dropped tools, failed refreshes. */
  onWarning?: (message: string) => void;
  /** Discovery retries; 3 attempts from 500 ms by default. */
  retry?: Partial<RetryPolicy>;
  /**
   * Reconnection after a live server went away: by default for as long as the hub lives, from 1 s
   * doubling up to a minute (`wake` tries at once). Calls of its tools meanwhile wait for it.
   */
  reconnect?: Partial<RetryPolicy>;
  /** Tools the person switched off, by server id (restored from settings). */
  disabledTools?: Record<string, string[]>;
  /** Called when the person switches a tool on or off, so the settings can persist it. */
  onPreferencesChange?: (disabledTools: Record<string, string[]>) => void;
  /** The policy of a tool nobody set one for (`approvals.defaultPolicy` of the config); `ask` if absent. */
  defaultPolicy?: ApprovalPolicy;
  /** The person's policies, `serverId/tool` → policy and whether it is remembered (from settings). */
  toolPolicies?: Record<string, PersonToolPolicy>;
  /** Called when the person sets a tool's policy, so the settings can persist it. */
  onToolPoliciesChange?: (policies: Record<string, PersonToolPolicy>) => void;
  /** In the page: sign in to servers that ask for OAuth (omitted in Node, where nobody can click). */
  oauth?: Pick<BrowserOAuthOptions, 'baseUrl' | 'sessionStorage' | 'localStorage' | 'now'>;
  /** Shows a server's request for input to the person (a form); absent, servers are told none is offered. */
  onElicitation?: ElicitationHandler;
}

/** Manages MCP servers and exposes their tools to the agent through the ToolRegistry. */
export class McpHub {
  private readonly connections = new Map<string, McpConnection>();
  private readonly listeners = new Set<(event: McpStatusEvent) => void>();
  private readonly retry: RetryPolicy;
  private readonly reconnectPolicy: RetryPolicy;
  private readonly preferences: ToolPreferences;
  private readonly signIns: HubSignIns;
  private readonly noToolsWarnings: NoToolsWarnings;

  constructor(private readonly options: McpHubOptions) {
    this.preferences = new ToolPreferences(options);
    this.signIns = new HubSignIns({
      ...(options.oauth ? { oauth: options.oauth } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      connectionOf: (serverId) => this.connections.get(serverId),
      emit: (event) => this.emit(event),
    });
    this.noToolsWarnings = new NoToolsWarnings(options.onWarning);
    this.retry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 8000, ...options.retry };
    this.reconnectPolicy = { ...FOREVER_RECONNECT, ...options.reconnect };
  }

  /** The person's own choices per tool, from Settings (the banner lists and withdraws them). */
  get personPolicies(): PersonToolPolicies {
    return this.preferences.personPolicies;
  }

  /** Adds (or replaces) a server. It connects on `connect` / `connectAll`. */
  addServer(config: HubServerConfig, embedded?: EmbeddedServerFactory): void {
    const previous = this.connections.get(config.id);
    if (previous) void previous.disconnect();
    // A server given an Authorization header uses that; the others may ask the person to sign in.
    const authProvider = this.signIns.providerFor(config, embedded !== undefined, (url) => {
      connection.signInUrl = url;
    });
    const connection: McpConnection = new McpConnection(config, {
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(embedded ? { embedded } : {}),
      ...(authProvider ? { authProvider } : {}),
      retry: this.retry,
      reconnect: this.reconnectPolicy,
      ...(this.options.onElicitation ? { onElicitation: this.options.onElicitation } : {}),
      onElicitationRefused: (reason) => this.options.onWarning?.(reason),
      onStatus: (event) => {
        // A model that calls a tool of a server that is down is told so, not "unknown tool". While it
        // comes back its tools stay: a call waits for it (McpConnection.callTool).
        if (event.status !== 'connected' && event.status !== 'reconnecting') {
          this.options.registry.removeServer(config.id, connection.unavailableReason());
        }
        this.emit(event);
      },
      onTools: () => this.publishTools(config.id),
    });
    this.connections.set(config.id, connection);
  }

  /**
   * Finishes a sign-in with what the authorization server sent back to the callback page: the code is
   * exchanged for tokens (kept by the server's provider) and the server connects again. The state must
   * be one this tab sent and still waits for (once, within the time limit), or nothing happens; whatever
   * the outcome, it is used up. Resolves with the server's id, if one matched.
   */
  async completeSignIn(callback: OAuthCallbackMessage): Promise<string | undefined> {
    return this.signIns.complete(callback);
  }

  /** Keeps a server's sign-in on this device (true) or for this tab only (false, the default). */
  rememberSignIn(serverId: string, remember: boolean): void {
    this.signIns.remember(serverId, remember);
  }

  /** Forgets a server's tokens and registration, and connects again (which asks to sign in). */
  async signOut(serverId: string): Promise<void> {
    await this.signIns.signOut(serverId);
  }

  /** Disconnects and forgets a server; its tools leave the registry. */
  async removeServer(serverId: string): Promise<void> {
    const connection = this.connections.get(serverId);
    this.connections.delete(serverId);
    this.noToolsWarnings.delete(serverId);
    this.options.registry.removeServer(serverId);
    await connection?.disconnect();
  }

  /** Connects one server (with retries); resolves when it is connected or has failed. */
  async connect(serverId: string): Promise<void> {
    await this.connections.get(serverId)?.connect();
  }

  /** Connects every enabled server in parallel. */
  async connectAll(): Promise<void> {
    await Promise.all(
      [...this.connections.values()]
        .filter((connection) => connection.config.enabled !== false)
        .map((connection) => connection.connect()),
    );
  }

  /**
   * Settles when discovery of one server, or of every enabled server, has finished (connected or failed,
   * retries included): attempts under way are awaited and servers never tried are connected. Never
   * rejects; resolves with those servers' states. After a reload, await it before `agent.resume()` so
   * remote tools are in the registry when the interrupted turn is proposed again. A server reconnecting
   * after it went away is not waited for (its tools stay registered; a call of one waits for it).
   */
  async ready(serverId?: string): Promise<McpServerState[]> {
    const targets = [...this.connections.values()].filter(
      (connection) =>
        (serverId === undefined || connection.config.id === serverId) &&
        connection.config.enabled !== false,
    );
    await Promise.all(targets.map((connection) => connection.settled()));
    const ids = new Set(
      [...this.connections.values()]
        .filter((connection) => serverId === undefined || connection.config.id === serverId)
        .map((connection) => connection.config.id),
    );
    return this.servers().filter((server) => ids.has(server.id));
  }

  /**
   * Connects one server again at once, with fresh attempts (Settings' Reconnect): a reconnection under
   * way gives up and starts over. Resolves when it is connected or has failed.
   */
  async reconnect(serverId: string): Promise<void> {
    await this.connections.get(serverId)?.reconnect();
  }

  /**
   * The server may be reachable again (the page became visible, the network came back): every server
   * pausing between reconnection attempts tries now.
   */
  wake(): void {
    for (const connection of this.connections.values()) connection.wake();
  }

  /** Disconnects one server. */
  async disconnect(serverId: string): Promise<void> {
    await this.connections.get(serverId)?.disconnect();
  }

  /** Every server with its status, last error and tools. */
  servers(): McpServerState[] {
    return [...this.connections.values()].map((connection) => ({
      id: connection.config.id,
      name: connection.config.name ?? connection.config.id,
      ...(connection.serverTitle ? { serverTitle: connection.serverTitle } : {}),
      ...this.signIns.stateOf(connection),
      status: connection.status,
      ...(connection.lastError ? { lastError: connection.lastError } : {}),
      ...(connection.callsWaiting > 0 ? { callsWaiting: connection.callsWaiting } : {}),
      ...(connection.status === 'error' && connection.bridgeCommand
        ? { bridgeCommand: connection.bridgeCommand }
        : {}),
      ...(connection.status === 'connected' && this.noToolsWarnings.get(connection.config.id)
        ? { warning: this.noToolsWarnings.get(connection.config.id) }
        : {}),
      tools: connection.tools.map((tool) => ({
        name: tool.name,
        ...(displayTitle(tool) ? { title: displayTitle(tool) } : {}),
        description: tool.description ?? '',
        enabled: this.preferences.isEnabled(connection.config.id, tool.name),
      })),
    }));
  }

  /** Listens to status changes; returns an unsubscribe function. */
  onStatus(listener: (event: McpStatusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Switches one tool on or off; the choice survives reconnects. New tools start enabled. */
  setToolEnabled(serverId: string, toolName: string, enabled: boolean): void {
    this.preferences.setEnabled(serverId, toolName, enabled);
    this.publishTools(serverId);
  }

  /**
   * Whether a call of this tool waits for the person. The one place it is decided, in this order: the
   * person's choice in the settings, the server config's per-tool policy, the server's policy, the
   * config's `approvals.defaultPolicy`, else `ask`. Registered tools carry the answer (`Tool.approval`).
   */
  policyFor(serverId: string, toolName: string): ApprovalPolicy {
    return this.preferences.policyFor(serverId, toolName, this.connections.get(serverId)?.config);
  }

  /** Who set the policy `policyFor` answers: the person (for the session, or remembered), else the publisher. */
  policySetBy(serverId: string, toolName: string): ApprovalSetBy {
    return this.preferences.policySetBy(serverId, toolName);
  }

  /**
   * The person sets a tool's policy, for this session unless `remembered` (kept on this device); its
   * registered tool is updated at once.
   */
  setToolPolicy(
    serverId: string,
    toolName: string,
    policy: ApprovalPolicy,
    remembered = false,
  ): void {
    this.preferences.setPolicy(serverId, toolName, policy, remembered);
    this.publishTools(serverId);
  }

  /**
   * Calls a tool; failures, cancellations and lost sessions come back as error results. The call has no
   * timeout of its own: the registry's (the server's `toolTimeoutMs` as the tool's, else the configured
   * one) ends it through `signal`, so one limit holds and one message says so.
   */
  async callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal },
  ): Promise<ToolResult> {
    // A token the server echoes reaches neither the model nor the person's timeline.
    const mask = (result: ToolResult): ToolResult => this.masked(result, serverId);
    const result = await callServerTool(this.connections.get(serverId), serverId, toolName, args, {
      signal: options.signal,
      ...(this.options.resultStore ? { resultStore: this.options.resultStore } : {}),
      mask,
      emit: (event) => this.emit(event),
    });
    return mask(result);
  }

  /** The result with this server's tokens and every server's form credentials masked. */
  private masked(result: ToolResult, serverId: string): ToolResult {
    const tokens = serverTokens(
      this.connections.get(serverId)?.config,
      this.signIns.tokensOf(serverId),
    );
    return maskCallResult(result, tokens, this.connections.values());
  }

  /** The approval card's check of a query to this server: its pre-flight, or a note that it has none. */
  preflightFor(serverId: string): PreflightFunction {
    const offered = this.connections.get(serverId)?.tools.some(isPreflightTool) ?? false;
    return createServerPreflight(offered, (toolName, args, signal) =>
      this.callTool(serverId, toolName, args, { signal }),
    );
  }

  /** Disconnects every server. */
  async close(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((serverId) => this.removeServer(serverId)));
  }

  private publishTools(serverId: string): void {
    const connection = this.connections.get(serverId);
    if (!connection || connection.status !== 'connected') return;
    const tools: Tool[] = [];
    let validCount = 0;
    for (const tool of connection.tools) {
      // The approval card's check is the page's to call, never the model's.
      if (isPreflightTool(tool)) continue;
      const reason = invalidSchemaReason(tool);
      if (reason) {
        this.options.onWarning?.(
          `Dropped tool "${tool.name}" of MCP server "${serverId}": ${reason}.`,
        );
        continue;
      }
      validCount += 1;
      if (!this.preferences.isEnabled(serverId, tool.name)) continue;
      tools.push(
        toRegistryTool(connection, tool, {
          approval: this.policyFor(serverId, tool.name),
          approvalSetBy: this.policySetBy(serverId, tool.name),
          call: (args, signal) => this.callTool(serverId, tool.name, args, { signal }),
        }),
      );
    }
    // Tools the person switched off count as usable: that was their choice.
    this.noToolsWarnings.note(serverId, connection.tools.length, validCount);
    this.options.registry.setServerTools(serverId, tools);
  }

  private emit(event: McpStatusEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

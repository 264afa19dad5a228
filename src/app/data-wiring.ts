// Starts the data side of the app: the lazy DuckDB-WASM engine, the embedded SQL server, and the hub.
import { showElicitation } from '../approval';
import { DuckDbWasmEngine } from '../data/duckdb/duckdb-wasm-engine';
import { LazyDataEngine } from '../data/lazy-data-engine';
import {
  createSqlServer,
  McpHub,
  type ApprovalPolicy,
  type McpHubOptions,
  type PersonToolPolicy,
  type McpServerConfig,
  type McpStatusEvent,
  wakeOnReturn,
} from '../mcp';
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { listenForSignIns } from './oauth-sign-in';
import type { DataEngine, TableSource } from '../data/data-engine';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';

/** What startData needs. */
export interface StartDataOptions {
  /** In the page: where sign-ins to OAuth servers keep their state (see browser-oauth-provider.ts). */
  oauth?: McpHubOptions['oauth'];
  /** Bundled datasets (and uploads) the embedded server serves. */
  datasets: TableSource[];
  /** Origins whose files the page's DuckDB may read (config `data.allowedHosts`); none by default. */
  allowedHosts?: string[];
  /** Remote MCP servers from the config and the person's settings. */
  mcpServers: McpServerConfig[];
  registry: ToolRegistry;
  resultStore: ResultStore;
  /** Server status changes, for the UI. */
  onStatus?: (event: McpStatusEvent) => void;
  /** Warnings (dropped tools, datasets that failed to load). */
  onWarning?: (message: string) => void;
  /** Overrides for the embedded server (approval policy, name, writable). */
  embedded?: Partial<Omit<McpServerConfig, 'id' | 'url' | 'transport'>> & { writable?: boolean };
  /**
   * A tool call's one time limit (`limits.toolTimeoutMs`, or the embedded server's own
   * `toolTimeoutMs`): the embedded server stops its queries then, as the registry stops the call.
   */
  toolTimeoutMs?: number;
  /** Rows of a query result the embedded server shows the model as text (`limits.maxRowsToModel`). */
  maxRowsToModel?: number;
  /** Whether `query` offers the `explanation` argument the card shows (`explainCalls.explanationArgument`). */
  explanationArgument?: boolean;
  /** Creates the engine behind the embedded server; DuckDB-WASM by default (tests give a Node one). */
  createEngine?: () => DataEngine;
  /** Tools the person switched off, by server id, and where to save changes to that list. */
  disabledTools?: Record<string, string[]>;
  onPreferencesChange?: (disabledTools: Record<string, string[]>) => void;
  /** Servers the person added in the settings (kept in src/storage), served beside the config's. */
  userServers?: McpServerConfig[];
  /** The config's `approvals.defaultPolicy`, the person's per-tool policies, and where to save them. */
  defaultPolicy?: ApprovalPolicy;
  toolPolicies?: Record<string, PersonToolPolicy>;
  onToolPoliciesChange?: (policies: Record<string, PersonToolPolicy>) => void;
  /** Where a server's request for input shows as a form; without it, servers are offered none. */
  elicitationHost?: () => HTMLElement;
}

/** The running data side. `engine` is lazy: DuckDB loads on the first query or describe. */
export interface StartedData {
  engine: LazyDataEngine;
  hub: McpHub;
  /** Stops listening for sign-ins, closes every server's connection and the engine (its worker goes). */
  close(): Promise<void>;
}

/**
 * Registers the embedded SQL server and the remote servers and connects them all in parallel. Resolves once
 * the embedded server is connected; remote servers keep connecting (with retries) and report through
 * `onStatus`, so a slow remote server never holds up the app.
 */
export async function startData(options: StartDataOptions): Promise<StartedData> {
  const allowedHosts = options.allowedHosts ?? [];
  const { writable, ...embeddedConfig } = options.embedded ?? {};
  const allowWrites = writable ?? false;
  const timeoutMs = embeddedConfig.toolTimeoutMs ?? options.toolTimeoutMs;
  // A dataset whose load failed (after its own retries) is said once: the next question that needs
  // it loads it again, and a second failure would only repeat the sentence.
  const warned = new Set<string>();
  const engine = new LazyDataEngine(
    options.createEngine ?? (() => new DuckDbWasmEngine({ allowedHosts, allowWrites })),
    options.datasets,
    {
      onLoadFailure: (failure) => {
        if (warned.has(failure.table)) return;
        warned.add(failure.table);
        options.onWarning?.(
          `The dataset "${failure.table}" could not be loaded (${failure.message.trim().replace(/\.$/, '')}). It is loaded again when a question needs it: ask again to try.`,
        );
      },
    },
  );
  const hub: McpHub = new McpHub({
    registry: options.registry,
    resultStore: options.resultStore,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(options.disabledTools ? { disabledTools: options.disabledTools } : {}),
    ...(options.onPreferencesChange ? { onPreferencesChange: options.onPreferencesChange } : {}),
    ...(options.defaultPolicy ? { defaultPolicy: options.defaultPolicy } : {}),
    ...(options.toolPolicies ? { toolPolicies: options.toolPolicies } : {}),
    ...(options.onToolPoliciesChange ? { onToolPoliciesChange: options.onToolPoliciesChange } : {}),
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.elicitationHost ? { onElicitation: showElicitation(options.elicitationHost) } : {}),
  });
  if (options.onStatus) hub.onStatus(options.onStatus);
  const stopSignIns = options.oauth ? listenForSignIns(hub) : () => undefined;
  const stopWaking =
    typeof document === 'undefined'
      ? () => undefined
      : wakeOnReturn(() => hub.wake(), { document, window });
  hub.addServer(
    {
      name: 'Bundled data',
      ...embeddedConfig,
      id: EMBEDDED_SERVER_ID,
      transport: 'embedded',
    },
    () =>
      createSqlServer({
        engine,
        name: 'mapwright-embedded',
        writable: allowWrites,
        // The page's tables page every row of a result from the engine (results/result-table.ts).
        keepResults: true,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(options.maxRowsToModel !== undefined ? { modelRows: options.maxRowsToModel } : {}),
        ...(options.explanationArgument !== undefined
          ? { explanationArgument: options.explanationArgument }
          : {}),
      }),
  );
  const configured = new Set(options.mcpServers.map((server) => server.id));
  const servers = [
    ...options.mcpServers,
    // A server the person added with an id the config now uses gives way to the config's.
    ...(options.userServers ?? []).filter((server) => !configured.has(server.id)),
  ];
  for (const server of servers) {
    if (server.id === EMBEDDED_SERVER_ID) {
      options.onWarning?.(`MCP server id "${EMBEDDED_SERVER_ID}" is reserved; rename that server.`);
      continue;
    }
    hub.addServer(server);
  }
  void hub.connectAll();
  await hub.connect(EMBEDDED_SERVER_ID);
  const close = async (): Promise<void> => {
    stopSignIns();
    stopWaking();
    await hub.close().catch(() => undefined);
    await engine.close().catch(() => undefined);
  };
  return { engine, hub, close };
}

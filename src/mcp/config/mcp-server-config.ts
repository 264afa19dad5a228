// How one MCP server is configured (app config or the person's settings), and how it is doing.
import type { McpServerConfig, McpTransportKind } from '../../config/app-config';
import type { BridgeCommand } from './bridge-command';

export type { ApprovalPolicy, McpServerConfig } from '../../config/app-config';

/** The id of the in-page SQL server (DuckDB-WASM over the in-memory transport). */
export const EMBEDDED_SERVER_ID = 'embedded';

/** How the hub reaches a server: a remote transport, or `embedded` for the in-page SQL server. */
export type HubTransportKind = McpTransportKind | 'embedded';

/** A server as the hub holds it: a configured one, or the embedded server (which has no URL). */
export type HubServerConfig = Omit<McpServerConfig, 'url' | 'transport'> & {
  url?: string;
  transport?: HubTransportKind;
};

/**
 * Connection status of one server: `reconnecting` after a live connection was lost (the hub tries again
 * on its own, with backoff, until it is `connected` again or gives up with `error`).
 */
export type McpServerStatus =
  'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

/** A status change, as the UI receives it. */
export interface McpStatusEvent {
  serverId: string;
  status: McpServerStatus;
  /** The last error, when the status is `error` (or a retry or a reconnection is under way). */
  error?: string;
}

/** One tool of a server, with the person's preference. */
export interface McpToolInfo {
  name: string;
  /** The server's display name for the tool (`title`, else `annotations.title`), when it gives one. */
  title?: string;
  description: string;
  enabled: boolean;
}

/** A server as the UI lists it. */
export interface McpServerState {
  id: string;
  name: string;
  /** The name the server gave itself when it connected (its `title`, else its `name`). */
  serverTitle?: string;
  status: McpServerStatus;
  lastError?: string;
  /**
   * For a server that signs people in with OAuth: the sign-in URL while the person must sign in, whether
   * tokens are kept, and whether they are kept on this device (else for this tab).
   */
  signIn?: { url?: string; signedIn: boolean; remembered: boolean };
  /** After the browser got no answer: the command that bridges this server so the page can reach it. */
  bridgeCommand?: BridgeCommand;
  /**
   * Set while a connected server offers no tool the agent can use (its list is empty, or every tool
   * was dropped for an invalid schema); says why.
   */
  warning?: string;
  /** Calls of the agent waiting for this server to connect or come back, when there are any. */
  callsWaiting?: number;
  tools: McpToolInfo[];
}

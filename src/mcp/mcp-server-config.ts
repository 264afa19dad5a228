// How one MCP server is configured (app config or the person's settings), and how it is doing.
import type { BridgeCommand } from './bridge-command';

/** How the hub reaches a server. `auto` tries Streamable HTTP, then SSE on a 4xx answer. */
export type McpTransportKind = 'auto' | 'streamable-http' | 'sse' | 'embedded';

/** Whether a server's tool calls need the person's approval. */
export type ApprovalPolicy = 'ask' | 'auto';

/** One MCP server. */
export interface McpServerConfig {
  /** Stable id; `embedded` is the in-page SQL server. */
  id: string;
  /** Shown in the UI; the id when absent. */
  name?: string;
  /** Endpoint URL; not used by embedded servers. */
  url?: string;
  /** `auto` by default. */
  transport?: McpTransportKind;
  /** Extra HTTP headers, e.g. `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
  /** True by default. */
  enabled?: boolean;
  /** `ask` by default. */
  approval?: ApprovalPolicy;
  /** Per-tool overrides of `approval`, by the tool's original name. */
  toolApproval?: Record<string, ApprovalPolicy>;
  /** Per-call timeout of this server's tools, in milliseconds. */
  toolTimeoutMs?: number;
  /**
   * For a server whose authorization server takes no dynamic registration: the client registered
   * there for this app. Everyone who loads the page can read it, so give a public client's id; a
   * secret belongs only in a local or private deployment.
   */
  oauthClient?: { clientId: string; clientSecret?: string };
}

/** Connection status of one server. */
export type McpServerStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** A status change, as the UI receives it. */
export interface McpStatusEvent {
  serverId: string;
  status: McpServerStatus;
  /** The last error, when the status is `error` (or a retry is under way). */
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
  tools: McpToolInfo[];
}

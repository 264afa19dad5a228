// The Tool contract shared by local map tools and MCP tools.

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown> & { type?: unknown; properties?: unknown };

/** Where a tool comes from: local tools run without asking; MCP tools follow their server's policy. */
export type ToolOrigin =
  { kind: 'local' } | { kind: 'mcp'; serverId: string; originalName: string };

/** A tool call as the agent and the registry see it: arguments already parsed into an object. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Set when the arguments could not be parsed or repaired; the call becomes an error result. */
  argumentsError?: string;
  /**
   * Opaque data the provider needs echoed back with this call in later requests (Gemini's
   * `thoughtSignature`). Keep it in history; never show it.
   */
  providerMetadata?: Record<string, unknown>;
}

/** What a tool returns. `content` is for the model (bounded); `data` is for the UI only. */
export interface ToolResult {
  content: string;
  /** Full result for the UI (rows, images, structured content); never sent to the model. */
  data?: unknown;
  isError?: boolean;
}

/** Per-call context: the turn's signal (aborted on stop, timeout or deadline). */
export interface ToolExecutionContext {
  signal: AbortSignal;
}

/** A tool the agent can call. */
export interface Tool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  origin: ToolOrigin;
  /** Same arguments give the same result for the session, so the registry may memoise it. */
  idempotent?: boolean;
  /** Per-tool timeout in milliseconds; the registry's default applies when absent. */
  timeoutMs?: number;
  /**
   * Whether a call waits for the person (`ask`) or runs at once (`auto`). Decided once, where the tool
   * is registered (the hub, from the server's config, the person's choice and the app's default).
   * Local tools always run; an MCP tool without it asks.
   */
  approval?: 'ask' | 'auto';
  execute(args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolResult>;
}

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

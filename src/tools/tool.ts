// The Tool contract shared by local map tools and MCP tools.
import type { ApprovalPolicy } from '../config/app-config';
import type { ChartSpec } from './chart/chart-spec';

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown> & { type?: unknown; properties?: unknown };

/** Where a tool comes from: local tools run without asking; MCP tools follow their server's policy. */
export type ToolOrigin =
  | { kind: 'local' }
  | {
      kind: 'mcp';
      serverId: string;
      originalName: string;
      /** The server's name for people (its config `name`), shown instead of its id. */
      serverTitle?: string;
    };

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

/** One column of a table result, with its type as the source names it. */
export interface ResultColumn {
  name: string;
  type: string;
}

/**
 * A table: a SQL result of our server, or a third-party MCP result that carries one. `rows` is absent
 * when the page's ResultStore holds them under `resultId` (they are stored once, beside the
 * conversation); a table without a `resultId` keeps its rows here, bounded.
 */
export interface TableResultData {
  kind: 'table';
  resultId?: string;
  columns: ResultColumn[];
  rows?: Record<string, unknown>[];
  /** Rows the source produced, which may be more than were returned. */
  totalRows: number;
  /** True when the source returned fewer rows than it produced. */
  truncated?: boolean;
  sql?: string;
}

/** A chart render_chart drew. */
export interface ChartResultData {
  kind: 'chart';
  chart: ChartSpec;
}

/** One part of an MCP result as the UI keeps it. */
export type McpContentPart =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; uri: string; mimeType?: string; name?: string; text?: string };

/** Any other MCP result: its parts and structured content. */
export interface McpResultData {
  kind: 'mcp';
  content: McpContentPart[];
  structuredContent?: Record<string, unknown>;
}

/** What a result holds for the UI, told apart by `kind`; built once where the result is made. */
export type ToolResultData = TableResultData | ChartResultData | McpResultData;

/** What a tool returns. `content` is for the model (bounded); `data` is for the UI only. */
export interface ToolResult {
  content: string;
  /** What the UI draws (a table, a chart, MCP parts); never sent to the model. */
  data?: ToolResultData;
  isError?: boolean;
}

/** Per-call context: the turn's signal (aborted on stop, timeout or deadline). */
export interface ToolExecutionContext {
  signal: AbortSignal;
}

/** Who set a tool's approval policy. */
export type ApprovalSetBy = 'person-session' | 'person-remembered' | 'publisher';

/** A tool the agent can call. */
export interface Tool {
  name: string;
  /** A name to show people (an MCP tool's `title`); the model sees `name`. */
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  origin: ToolOrigin;
  /** Same arguments give the same result for the session, so the registry may memoise it. */
  idempotent?: boolean;
  /**
   * Per-tool timeout in milliseconds (an MCP server's `toolTimeoutMs`); the registry applies it, else
   * `limits.toolTimeoutMs`. It is the call's only timeout.
   */
  timeoutMs?: number;
  /**
   * Whether a call waits for the person (`ask`) or runs at once (`auto`). Decided once, where the tool
   * is registered (the hub, from the server's config, the person's choice and the app's default).
   * Local tools always run; an MCP tool without it asks.
   */
  approval?: ApprovalPolicy;
  /**
   * Who set `approval`, for the record of a call that ran without asking: the person for this session,
   * the person for every visit on this device (`remembered`), or the publisher (the server's config or
   * the app's default). Absent: the publisher.
   */
  approvalSetBy?: ApprovalSetBy;
  /**
   * Calls of tools with the same queue run one after another, in call order, within a round: the map
   * tools share `map`, so `fly_to` after `map_query_result` finds the layer it drew. Others run in
   * parallel.
   */
  queue?: string;
  execute(args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolResult>;
}

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

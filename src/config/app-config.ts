// The shape of public/app-config.json after validation and defaults (docs/configuration.md).

/** Where the map starts. */
export interface InitialView {
  /** [longitude, latitude]. */
  center: [number, number];
  zoom: number;
  bearing?: number;
  pitch?: number;
}

/** The basemap: the bundled offline one, or a publisher's online MapLibre style. */
export type BasemapConfig = { kind: 'offline' } | { kind: 'style'; url: string };

/** File formats a dataset source may have. */
export type DatasetFormat = 'csv' | 'tsv' | 'parquet' | 'geojson' | 'arrow' | 'json';

/** How rows become map features. */
export type GeometryMapping =
  | { kind: 'none' }
  | { kind: 'points'; lon: string; lat: string }
  | { kind: 'geojson' }
  | { kind: 'shapes'; url: string; format: 'geojson' | 'topojson'; object?: string }
  | { kind: 'h3'; column: string };

/** How a dataset's layer is drawn. Paint is MapLibre paint for the layer type. */
export interface LayerStyleConfig {
  type?: 'circle' | 'fill' | 'line';
  paint?: Record<string, unknown>;
  visible?: boolean;
  /** The legend's heading; the entries always come from the paint. */
  legendTitle?: string;
}

/** One dataset a publisher ships. */
export interface DatasetConfig {
  id: string;
  title: string;
  description: string;
  source: { url: string; format: DatasetFormat };
  /** Table name in the data engine. */
  table: string;
  /** Column name to a description good enough for a model to write SQL. */
  columns: Record<string, string>;
  geometry: GeometryMapping;
  layer?: LayerStyleConfig;
  /** Columns shown when hovering a feature. */
  tooltip?: string[];
  /**
   * A PMTiles archive of vector tiles cut from this dataset (its tile layer named after `id`): the map
   * draws the layer from it instead of tiling the source file in the page.
   */
  tiles?: string;
  /** Who made the data, as plain text: shown in the map's attribution control. */
  attribution?: string;
}

/** The wire protocols Mapwright speaks to a model: one adapter each in src/providers. */
export type ProviderKind = 'openai-compatible' | 'anthropic' | 'gemini' | 'bedrock-converse';

/** An LLM provider offered to visitors. */
export interface LlmProviderConfig {
  id: string;
  kind: ProviderKind;
  label?: string;
  endpoint?: string;
  models: string[];
  defaultModel?: string;
}

/** LLM defaults. */
export interface LlmConfig {
  providers: LlmProviderConfig[];
  defaultProvider?: string;
  /** True when visitors must bring their own API key (the usual case for a static site). */
  bringYourOwnKey: boolean;
}

/** Whether an MCP tool call needs the person's approval. */
export type ApprovalPolicy = 'ask' | 'auto';

/** How a remote MCP server is reached. `auto` tries Streamable HTTP, then SSE on a 4xx answer. */
export type McpTransportKind = 'auto' | 'streamable-http' | 'sse';

/**
 * A remote MCP server, as a publisher configures it or a person adds it in Settings. The hub's view
 * (src/mcp/mcp-server-config.ts) is this type with the in-page server's `embedded` transport added.
 */
export interface McpServerConfig {
  /** Stable id; `embedded` is kept for the in-page SQL server. */
  id: string;
  /** Shown in the UI; the id when absent. */
  name?: string;
  /** Endpoint URL. */
  url: string;
  /** `auto` by default. */
  transport?: McpTransportKind;
  /** Extra HTTP headers; avoid secrets here (the file is public), visitors add theirs in settings. */
  headers?: Record<string, string>;
  /** True by default. */
  enabled?: boolean;
  /** `ask` by default (or `approvals.defaultPolicy`). */
  approval?: ApprovalPolicy;
  /** Per-tool overrides of `approval`, by the server's tool name. */
  toolApproval?: Record<string, ApprovalPolicy>;
  /** Per-call timeout of this server's tools, in milliseconds. */
  toolTimeoutMs?: number;
  /**
   * For a server whose authorization server takes no dynamic registration: the client registered
   * there for this app. Everyone who loads the page can read it, so give a public client's id; a
   * secret belongs only in a local or private deployment.
   */
  oauthClient?: { clientId: string; clientSecret?: string };
  /**
   * The https URL of a client ID metadata document the publisher hosts for this app (its redirect URI
   * is the app's oauth-callback.html): used as the client id by an authorization server that
   * advertises `client_id_metadata_document_supported`, instead of registering dynamically.
   */
  oauthClientMetadataUrl?: string;
}

/** Approval defaults. */
export interface ApprovalsConfig {
  /** The policy of a server that sets none (the embedded SQL server included). */
  defaultPolicy: ApprovalPolicy;
  /** Whether the session auto-approve switch starts on. */
  autoApproveSession: boolean;
}

/**
 * How the model is asked to say what a call that needs approval will do, so the approval card has its
 * words to show even for a follow-up call (docs/configuration.md, "explainCalls").
 */
export interface ExplainCallsConfig {
  /** The system prompt asks for one sentence before every such call, with examples. */
  promptRule: boolean;
  /** After each batch of tool results, the request ends with a one-line reminder (never stored). */
  reminder: boolean;
  /** The SQL `query` tool offers an optional `explanation` argument that the card shows. */
  explanationArgument: boolean;
  /**
   * Calls proposed with no words for the person get one short second request to the same model, whose
   * answer the card shows as the explanation.
   */
  quickExplanation: boolean;
}

/** Limits on a turn and on what reaches the model. */
export interface LimitsConfig {
  maxRounds: number;
  turnDeadlineMs: number;
  toolTimeoutMs: number;
  /** Rows of a query result shared with the model (the rest stay in the page). */
  maxRowsToModel: number;
  /**
   * How long the answer of a read-only, idempotent MCP tool (list_tables, describe_table) is reused for
   * the same arguments, in milliseconds; 0 never reuses one. The person can switch reuse off.
   */
  reuseAnswersMs: number;
  uploadMaxBytes: number;
  /**
   * Estimated tokens one round may send to the model; the oldest turns are left out past it. Absent:
   * half the model's context window, at most 32,000 (src/providers/context-budget.ts).
   */
  contextTokens?: number;
}

/**
 * What the build writes into the page's Content-Security-Policy (connect-src) beyond what the rest of
 * the config already names (docs/configuration.md, "security"). Read at build time only.
 */
export interface SecurityConfig {
  /** Extra connect-src sources: origins (`https://llm.example.com`) or `https:` for any HTTPS host. */
  connectSrc: string[];
  /** Whether any port on localhost and 127.0.0.1 may be reached (a local model or MCP server). */
  allowLocalEndpoints: boolean;
  /** Pages that may show the app in a frame (`'self'` or origins); none when empty. */
  frameAncestors: string[];
}

/** What the in-page data engine may reach besides the page's own data. */
export interface DataConfig {
  /**
   * Origins such as `https://data.example.org` whose files queries may read (read_csv, read_parquet,
   * ...). Every other host, and every file but the person's uploads, is out of reach of DuckDB.
   */
  allowedHosts: string[];
}

/** The validated app config. */
export interface AppConfig {
  title: string;
  initialView: InitialView;
  basemap: BasemapConfig;
  datasets: DatasetConfig[];
  examplePrompts: string[];
  llm: LlmConfig;
  mcpServers: McpServerConfig[];
  approvals: ApprovalsConfig;
  explainCalls: ExplainCallsConfig;
  limits: LimitsConfig;
  data: DataConfig;
  /**
   * Where to fetch a replacement for the bundled system-prompt.md, relative to the page. Absent: the
   * prompt bundled at build time is used and nothing is fetched.
   */
  systemPromptUrl?: string;
  security: SecurityConfig;
  /**
   * Whether the app page keeps every file of the build in the browser after the first visit (a service
   * worker), so a revisit opens without network. `false` removes what an earlier visit kept.
   */
  offline: boolean;
}

/** One thing wrong with the config, for the person who wrote it. */
export interface ConfigProblem {
  /** Where, as a path such as `datasets[1].source.format`. */
  path: string;
  message: string;
}

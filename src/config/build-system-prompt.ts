// Assembles the system prompt: the publisher's system-prompt.md, a compact dataset catalog and tool
// guidance. It is a pure function of its inputs with no dates or random ids, so the prefix the model
// provider caches stays byte-identical from turn to turn.

/** What the prompt says about one dataset. */
export interface PromptDataset {
  id: string;
  title: string;
  description: string;
  table: string;
  columns: Record<string, string>;
  /** Map layer id, when the dataset is drawn on the map. */
  layerId?: string;
}

/** Inputs of buildSystemPrompt. */
export interface SystemPromptInput {
  /** The text of system-prompt.md. */
  basePrompt: string;
  datasets: PromptDataset[];
  /** Overrides the default tool guidance. */
  toolGuidance?: string;
  /** Names of the person's data credentials (never their values), sorted. */
  credentialNames?: string[];
  /** Adds the rule that the model says what a call needing approval will do (explainCalls.promptRule). */
  explainCalls?: boolean;
  /**
   * The short variant for a small context window: column names without their descriptions, the short
   * tool guidance and the approval rule without its examples.
   */
  compact?: boolean;
}

/** The rule, with follow-up examples, that the model says what each call needing approval will do. */
export const explainCallsRule = [
  '## Before every call that needs approval',
  'IMPORTANT: the person must approve each SQL call, and the approval card shows what you write with the call. Before EVERY call that needs approval, write one sentence saying what it will do and why, also for a follow-up call right after a tool result. Never send such a call with no text. When the tool has an `explanation` argument, put the same sentence there.',
  'Examples:',
  '- First call: "I will count the earthquakes per day this week to find the busiest day." then query.',
  '- Follow-up after a result: "The busiest day was Tuesday; next I list its quakes above magnitude 5 to draw them." then query.',
  '- Follow-up after an error: "That column does not exist; I will check the table’s columns first." then describe_table.',
].join('\n');

/** How the agent should use its tools; part of every prompt. */
export const defaultToolGuidance = [
  '- Map tools (list_datasets, get_dataset_details, show_layer, hide_layer, set_filter, reset_filter, set_style, fly_to, get_map_state, map_query_result, filter_layer_by_result) run at once.',
  '- SQL tools run only after the person approves each call: write one clear query, say why in one sentence, and never guess category values (call get_dataset_details for sample values first).',
  '- Query results come back as a result_id with a few rows; draw them with map_query_result or use them with filter_layer_by_result instead of copying rows.',
  '- Filters and paint are MapLibre expressions, e.g. [">=", ["get", "mag"], 5].',
  '- Answer briefly; name the layer or table you used.',
].join('\n');

/** The tool guidance of the short prompt (the tool specs say the rest). */
export const compactToolGuidance = [
  '- Map tools run at once; SQL tools run after the person approves each call: say why in one sentence.',
  '- Check columns and values (get_dataset_details) before filtering; draw results with map_query_result.',
  '- Filters are MapLibre expressions, e.g. [">=", ["get", "mag"], 5]. Answer briefly.',
].join('\n');

/** The approval rule of the short prompt. */
export const compactExplainCallsRule = [
  '## Before every call that needs approval',
  'Before EVERY such call, also right after a tool result, write one sentence saying what it will do and why; put it in `explanation` when the tool has one.',
].join('\n');

function compactCatalogLine(dataset: PromptDataset): string {
  const layer = dataset.layerId ? `; map layer \`${dataset.layerId}\`` : '';
  return `- ${dataset.title} (table \`${dataset.table}\`${layer}): ${Object.keys(dataset.columns).join(', ')}`;
}

function catalogLine(dataset: PromptDataset): string {
  const columns = Object.entries(dataset.columns)
    .map(([name, description]) => `  - ${name}: ${description}`)
    .join('\n');
  const layer = dataset.layerId ? `; map layer \`${dataset.layerId}\`` : '; SQL only';
  const description = dataset.description ? ` ${dataset.description}` : '';
  return `- ${dataset.title} (table \`${dataset.table}\`${layer}).${description}\n${columns}`;
}

/** The system prompt for these inputs; equal inputs give byte-identical output. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const compact = input.compact === true;
  const catalog = input.datasets.length
    ? input.datasets.map(compact ? compactCatalogLine : catalogLine).join('\n')
    : '- (no datasets yet; the person can upload a CSV, GeoJSON or Parquet file)';
  const credentials = input.credentialNames?.length
    ? [
        '## Data credentials',
        `Where a tool argument needs one of the person's credentials, write its placeholder: ${input.credentialNames.map((name) => `{{secret:${name}}}`).join(', ')}. It is filled in when the call runs; you never see the value, so never ask for it.`,
      ]
    : [];
  return [
    input.basePrompt.trim(),
    '## Datasets',
    catalog,
    '## Tools',
    (input.toolGuidance ?? (compact ? compactToolGuidance : defaultToolGuidance)).trim(),
    ...(input.explainCalls ? [compact ? compactExplainCallsRule : explainCallsRule] : []),
    ...credentials,
  ].join('\n\n');
}

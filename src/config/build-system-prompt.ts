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
  'IMPORTANT: the person approves each SQL call on a card that shows what you write with it. Before EVERY call that needs approval, also a follow-up right after a tool result, write one sentence saying what it will do and why; never send one with no text. Repeat it in the `explanation` argument when there is one.',
  '- Follow-up after a result, e.g.: "The busiest day was Tuesday; next I list its quakes above magnitude 5 to draw them." then query.',
].join('\n');

/** How the agent should use its tools; part of every prompt. */
export const defaultToolGuidance = [
  '- Map tools run at once; SQL tools only after the person approves each call: write one clear query, and never guess columns or values (get_dataset_details has samples).',
  '- A query returns a result_id and a few rows: draw it with map_query_result or filter_layer_by_result rather than copying rows.',
  '- set_filter and set_style take MapLibre expressions, e.g. [">=", ["get", "mag"], 5].',
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
  const description = dataset.description ? ` ${dataset.description}` : '';
  return `- ${dataset.title} (${tableAndLayer(dataset)}).${description}\n${columns}`;
}

/** Where a dataset is: its table, and its map layer (named once when both have the same name). */
function tableAndLayer(dataset: PromptDataset): string {
  if (!dataset.layerId) return `table \`${dataset.table}\`; SQL only`;
  if (dataset.layerId === dataset.table) return `table and map layer \`${dataset.table}\``;
  return `table \`${dataset.table}\`; map layer \`${dataset.layerId}\``;
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

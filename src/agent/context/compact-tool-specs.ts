// Tool specs for a small context window: each description cut to its first sentence and the schema's
// prose (descriptions, titles, examples, comments) left out; names, types, enums, required fields and
// bounds stay, so every call the model could make before is still described and validated the same.
import type { JsonSchema, ToolSpec } from '../../tools/tool';

/** Longest tool description kept in a compact spec. */
const MAX_DESCRIPTION_CHARS = 160;

/** Schema keywords that are prose for the model, not rules a call must follow. */
const PROSE_KEYWORDS = new Set(['description', 'title', 'examples', '$comment']);

/** Schema keywords whose value maps names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** The specs with short descriptions and no schema prose. */
export function compactToolSpecs(specs: readonly ToolSpec[]): ToolSpec[] {
  return specs.map((spec) => ({
    name: spec.name,
    description: firstSentence(spec.description),
    inputSchema: withoutProse(spec.inputSchema) as JsonSchema,
  }));
}

/** The first sentence of `text`, at most MAX_DESCRIPTION_CHARS characters. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  let sentence = trimmed;
  for (const match of trimmed.matchAll(/[.!?](?=\s|$)|\n/g)) {
    const before = trimmed.slice(0, match.index + 1);
    // "e.g." and "i.e." end no sentence.
    if (/\b(e\.g|i\.e)\.$/i.test(before)) continue;
    sentence = before.trim();
    break;
  }
  return sentence.length <= MAX_DESCRIPTION_CHARS
    ? sentence
    : `${sentence.slice(0, MAX_DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

function withoutProse(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutProse);
  if (schema === null || typeof schema !== 'object') return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (PROSE_KEYWORDS.has(key)) continue;
    kept[key] =
      SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, child]) => [name, withoutProse(child)]),
          )
        : isSchemaValued(key)
          ? withoutProse(value)
          : value;
  }
  return kept;
}

/** Keywords whose value is a schema or a list of schemas (enum and const values are data, kept as is). */
function isSchemaValued(key: string): boolean {
  return [
    'items',
    'prefixItems',
    'additionalProperties',
    'anyOf',
    'oneOf',
    'allOf',
    'not',
    'if',
    'then',
    'else',
    'contains',
  ].includes(key);
}

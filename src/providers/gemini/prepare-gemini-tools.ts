// Tool specs to Gemini function declarations. Gemini's `parameters` takes an OpenAPI subset of JSON
// Schema and rejects keywords outside it ($schema, additionalProperties, ...), so those are dropped.
import type { ToolSpec } from '../../tools/tool';

/** A tools entry as Gemini takes it. */
export interface GeminiWireTools {
  functionDeclarations: {
    name: string;
    description: string;
    parameters?: Record<string, unknown>;
  }[];
}

const keptKeywords = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'propertyOrdering',
]);

/** Keeps the schema keywords Gemini accepts, recursively. */
export function sanitizeGeminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(sanitizeGeminiSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!keptKeywords.has(key)) continue;
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, sanitizeGeminiSchema(property)]),
      );
    } else if (key === 'items' || key === 'anyOf') {
      result[key] = sanitizeGeminiSchema(value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Converts tool specs to one Gemini tools entry. */
export function prepareGeminiTools(tools: ToolSpec[]): GeminiWireTools[] {
  return [
    {
      functionDeclarations: tools.map((tool) => {
        const parameters = sanitizeGeminiSchema(tool.inputSchema) as Record<string, unknown>;
        // An object schema without properties is refused; a tool without arguments has no parameters.
        const empty =
          parameters.type === 'object' &&
          Object.keys((parameters.properties as Record<string, unknown> | undefined) ?? {})
            .length === 0;
        return {
          name: tool.name,
          description: tool.description,
          ...(empty ? {} : { parameters }),
        };
      }),
    },
  ];
}

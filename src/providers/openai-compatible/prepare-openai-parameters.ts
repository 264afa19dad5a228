// A tool's input schema as Chat Completions takes it. OpenAI checks function parameters even without
// strict mode: an object schema at the top, and `items` on every array ("array schema missing items").
// Strict mode is not used: it needs every property required and `additionalProperties: false`
// everywhere, which would change what an optional argument means.
import { toObjectParameters } from '../tool-schema/object-parameters';
import { isSchemaObject, mapSubschemas } from '../tool-schema/schema-object';

function isArraySchema(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/** Gives every array schema `items` (`{}`: any value, which is what a missing `items` means). */
function withArrayItems(schema: unknown): unknown {
  if (schema === true) return {};
  if (!isSchemaObject(schema)) return schema;
  const mapped = mapSubschemas(schema, withArrayItems);
  if (isArraySchema(mapped) && mapped.items === undefined) mapped.items = {};
  return mapped;
}

/** The `parameters` of one Chat Completions function. */
export function prepareOpenAIParameters(inputSchema: unknown): Record<string, unknown> {
  return withArrayItems(toObjectParameters(inputSchema)) as Record<string, unknown>;
}

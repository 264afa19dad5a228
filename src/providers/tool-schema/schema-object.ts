// JSON Schema as tools send it: plain JSON objects, with `true` / `false` allowed wherever a schema is.

/** A JSON Schema object (a boolean schema is handled where it can appear). */
export type SchemaObject = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `schema` without the given keywords. */
export function withoutKeys(schema: SchemaObject, keys: Iterable<string>): SchemaObject {
  const result = { ...schema };
  for (const key of keys) delete result[key];
  return result;
}

/** Keywords whose value is one schema. */
const singleSchemaKeywords = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'additionalItems',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is a list of schemas. */
const schemaListKeywords = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const schemaMapKeywords = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
];

/**
 * A copy of `schema` with `change` applied to each direct sub-schema (under `properties`, `items`,
 * `anyOf`, `$defs`, ...). `items` as a list (the old tuple form) counts as a list of schemas.
 */
export function mapSubschemas(
  schema: SchemaObject,
  change: (subschema: unknown) => unknown,
): SchemaObject {
  const result: SchemaObject = { ...schema };
  for (const keyword of singleSchemaKeywords) {
    const value = schema[keyword];
    if (value === undefined) continue;
    result[keyword] = Array.isArray(value) ? value.map(change) : change(value);
  }
  for (const keyword of schemaListKeywords) {
    const value = schema[keyword];
    if (Array.isArray(value)) result[keyword] = value.map(change);
  }
  for (const keyword of schemaMapKeywords) {
    const value = schema[keyword];
    if (!isSchemaObject(value)) continue;
    result[keyword] = Object.fromEntries(
      Object.entries(value).map(([name, subschema]) => [name, change(subschema)]),
    );
  }
  return result;
}

/**
 * The schema a local `$ref` points to (`#`, `#/$defs/Name`, `#/definitions/Name`, or any JSON pointer
 * into the root), or undefined when it points elsewhere (another document) or nowhere.
 */
export function resolveLocalReference(root: SchemaObject, reference: string): unknown {
  if (reference === '#') return root;
  if (!reference.startsWith('#/')) return undefined;
  let target: unknown = root;
  for (const encoded of reference.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (!isSchemaObject(target) && !Array.isArray(target)) return undefined;
    target = (target as Record<string, unknown>)[segment];
    if (target === undefined) return undefined;
  }
  return target;
}

/** A description with one more sentence (a note on what the schema could not say) at its end. */
export function appendSentence(description: unknown, sentence: string): string {
  const text = typeof description === 'string' ? description.trim() : '';
  if (text.length === 0) return sentence;
  return `${text}${/[.!?]$/.test(text) ? '' : '.'} ${sentence}`;
}

// OpenAI, Anthropic and Gemini all want a tool's parameters as one object schema: `type: "object"` at
// the top and no `anyOf` / `oneOf` / `allOf` / `enum` / `not` there (Anthropic: "input_schema does not
// support oneOf, allOf, or anyOf at the top level"). Tools may still send alternatives at the top (a
// schema library's union of argument sets); they become one object holding every branch's properties,
// required only where every branch requires them. The tool still validates the arguments it gets.
import {
  appendSentence,
  isSchemaObject,
  resolveLocalReference,
  withoutKeys,
  type SchemaObject,
} from './schema-object';

const topLevelCombinators = ['anyOf', 'oneOf', 'allOf'] as const;

/** The branch as an object schema, following a local `$ref`; undefined when it is not one. */
function branchObject(root: SchemaObject, branch: unknown): SchemaObject | undefined {
  if (!isSchemaObject(branch)) return undefined;
  const reference = branch.$ref;
  if (typeof reference !== 'string') return branch;
  const target = resolveLocalReference(root, reference);
  return isSchemaObject(target) ? { ...target, ...branch } : undefined;
}

function requiredOf(schema: SchemaObject): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
}

/** One property's schema when branches disagree: either of them. */
function eitherSchema(existing: unknown, added: unknown): unknown {
  if (JSON.stringify(existing) === JSON.stringify(added)) return existing;
  const alternatives =
    isSchemaObject(existing) && Array.isArray(existing.anyOf) && Object.keys(existing).length === 1
      ? existing.anyOf
      : [existing];
  return { anyOf: [...alternatives, added] };
}

/** `schema` with `type: "object"`, `properties` and no combinator at its top level. */
export function toObjectParameters(input: unknown): SchemaObject {
  if (!isSchemaObject(input)) return { type: 'object', properties: {} };
  // A root that is a reference to its own definitions (`{"$ref": "#/$defs/Arguments", "$defs": ...}`).
  const target = typeof input.$ref === 'string' ? branchObject(input, input) : undefined;
  const schema = target === undefined ? input : withoutKeys(target, ['$ref']);
  const result: SchemaObject = { ...schema, type: 'object' };
  const properties: SchemaObject = isSchemaObject(schema.properties)
    ? { ...schema.properties }
    : {};
  let required = new Set(requiredOf(schema));
  for (const keyword of topLevelCombinators) {
    const branches = schema[keyword];
    delete result[keyword];
    if (!Array.isArray(branches)) continue;
    const objects = branches
      .map((branch) => branchObject(schema, branch))
      .filter((branch): branch is SchemaObject => branch !== undefined);
    for (const branch of objects) {
      const branchProperties = isSchemaObject(branch.properties) ? branch.properties : {};
      for (const [name, property] of Object.entries(branchProperties)) {
        properties[name] = name in properties ? eitherSchema(properties[name], property) : property;
      }
    }
    if (keyword === 'allOf') {
      for (const branch of objects) for (const name of requiredOf(branch)) required.add(name);
    } else if (objects.length > 0) {
      // Required by the tool only when every alternative requires it.
      const common = objects
        .map((branch) => new Set(requiredOf(branch)))
        .reduce((shared, next) => new Set([...shared].filter((name) => next.has(name))));
      required = new Set([...required, ...common]);
      // The model still hears which arguments go together.
      const sets = objects
        .map((branch) => requiredOf(branch).filter((name) => !common.has(name)))
        .filter((names) => names.length > 0)
        .map((names) => names.join(', '));
      if (sets.length > 1) {
        result.description = appendSentence(
          result.description,
          `Give one of these sets of arguments: ${sets.join('; or ')}.`,
        );
      }
    }
  }
  delete result.enum;
  delete result.not;
  result.properties = properties;
  const kept = [...required].filter((name) => name in properties);
  if (kept.length > 0) result.required = kept;
  else delete result.required;
  return result;
}

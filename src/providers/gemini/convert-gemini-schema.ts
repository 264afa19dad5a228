// Tool input schemas (JSON Schema) to Gemini's `Schema`, a select subset of OpenAPI 3.0 that Gemini
// checks field by field: one `type` per schema (a type list becomes `anyOf`, `null` becomes `nullable`),
// `enum` only of strings on a string type, `items` on every array, `properties` and `required` only on
// objects (and only naming defined properties), formats from its short list, no `$ref`, `oneOf`,
// `allOf`, `const`, `additionalProperties`, `$schema` or `default`. What cannot be said in the subset is
// said in the description (allowed values, a format) or left open (`{}`: any value), never refused: the
// tool still validates the arguments against its own schema.
import { toObjectParameters } from '../tool-schema/object-parameters';
import {
  appendSentence,
  isSchemaObject,
  resolveLocalReference,
  withoutKeys,
  type SchemaObject,
} from '../tool-schema/schema-object';

/** A schema in Gemini's subset. */
export type GeminiSchema = Record<string, unknown>;

interface Conversion {
  root: SchemaObject;
  /** References being expanded on the way here: meeting one again means recursion. */
  resolving: ReadonlySet<string>;
}

/** Gemini's formats per type ("for NUMBER type: float, double; for INTEGER type: int32, int64; ..."). */
const allowedFormats: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

/** Keywords describing a value rather than constraining it; they stay on a union, not its branches. */
const annotationKeywords = new Set([
  'description',
  'title',
  'default',
  'examples',
  'example',
  '$comment',
  '$schema',
  '$id',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$defs',
  'definitions',
]);

/** A value left open (any JSON value), keeping its description. */
function openValue(schema: SchemaObject, note?: string): GeminiSchema {
  const description =
    note === undefined ? schema.description : appendSentence(schema.description, note);
  return typeof description === 'string' && description.length > 0 ? { description } : {};
}

function expand(conversion: Conversion, reference: string): Conversion {
  return { ...conversion, resolving: new Set([...conversion.resolving, reference]) };
}

/**
 * The schema a `$ref` names, with the keywords beside the `$ref` on top, or undefined when it cannot be
 * followed (another document, a missing definition, or recursion).
 */
function followReference(
  schema: SchemaObject,
  conversion: Conversion,
): { schema: SchemaObject; conversion: Conversion } | 'recursive' | undefined {
  const reference = schema.$ref as string;
  if (conversion.resolving.has(reference)) return 'recursive';
  const target = resolveLocalReference(conversion.root, reference);
  const siblings = withoutKeys(schema, ['$ref']);
  if (target === true) return { schema: siblings, conversion };
  if (!isSchemaObject(target)) return undefined;
  const resolved = reference === '#' ? withoutKeys(target, ['$defs', 'definitions']) : target;
  return { schema: { ...resolved, ...siblings }, conversion: expand(conversion, reference) };
}

function requiredNames(schema: SchemaObject): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
}

/** `allOf` folded into one schema: properties and `required` joined, the outer keywords kept. */
function mergeAllOf(
  schema: SchemaObject,
  conversion: Conversion,
): { schema: SchemaObject; conversion: Conversion } {
  let merged = withoutKeys(schema, ['allOf']);
  let current = conversion;
  for (const branch of schema.allOf as unknown[]) {
    let part: SchemaObject | undefined = isSchemaObject(branch) ? branch : undefined;
    if (part !== undefined && typeof part.$ref === 'string') {
      const followed = followReference(part, current);
      if (followed === 'recursive' || followed === undefined) continue;
      part = followed.schema;
      current = followed.conversion;
    }
    if (part === undefined) continue;
    const properties = {
      ...(isSchemaObject(part.properties) ? part.properties : {}),
      ...(isSchemaObject(merged.properties) ? merged.properties : {}),
    };
    const required = [...new Set([...requiredNames(part), ...requiredNames(merged)])];
    merged = { ...part, ...merged };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
  }
  return { schema: merged, conversion: current };
}

function isNullSchema(schema: unknown): boolean {
  if (!isSchemaObject(schema)) return false;
  if (schema.type === 'null') return true;
  if ('const' in schema && schema.const === null) return true;
  return (
    Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => v === null)
  );
}

function markNullable(schema: GeminiSchema, nullable: boolean): GeminiSchema {
  return nullable ? { ...schema, nullable: true } : schema;
}

/** `anyOf` / `oneOf`: one Gemini `anyOf`, the outer constraints copied into each branch. */
function convertAlternatives(schema: SchemaObject, conversion: Conversion): GeminiSchema {
  const alternatives = (Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf) as unknown[];
  const outer = withoutKeys(schema, ['anyOf', 'oneOf']);
  const shared = withoutKeys(outer, annotationKeywords);
  let nullable = outer.nullable === true;
  const branches: SchemaObject[] = [];
  for (const alternative of alternatives) {
    if (isNullSchema(alternative)) nullable = true;
    else branches.push({ ...shared, ...(isSchemaObject(alternative) ? alternative : {}) });
  }
  if (branches.length === 0) return markNullable(openValue(outer), true);
  if (branches.length === 1) {
    const only = branches[0] as SchemaObject;
    const description = only.description ?? outer.description;
    return markNullable(
      convertSchema({ ...only, ...(description === undefined ? {} : { description }) }, conversion),
      nullable,
    );
  }
  const converted = branches.map((branch) => convertSchema(branch, conversion));
  return markNullable({ ...openValue(outer), anyOf: converted }, nullable);
}

/** The JSON type all `values` share, if any. */
function typeOfValues(values: unknown[]): string | undefined {
  if (values.every((value) => typeof value === 'string')) return 'string';
  if (values.every((value) => typeof value === 'boolean')) return 'boolean';
  if (values.every((value) => Number.isInteger(value))) return 'integer';
  if (values.every((value) => typeof value === 'number')) return 'number';
  return undefined;
}

/**
 * `enum` and `const`: a string enum stays an enum; other values (numbers, booleans, mixed) are listed
 * in the description, since Gemini's enum takes strings only. A null value makes the schema nullable.
 */
function convertValues(schema: SchemaObject, conversion: Conversion): GeminiSchema {
  const listed = Array.isArray(schema.enum) ? schema.enum : [schema.const];
  const values = listed.filter((value) => value !== null);
  const nullable = values.length < listed.length || schema.nullable === true;
  const rest = withoutKeys(schema, ['enum', 'const']);
  if (values.length === 0) return markNullable(openValue(rest), true);
  const declared = typeof schema.type === 'string' ? schema.type : undefined;
  const valueType = typeOfValues(values);
  if (valueType === 'string' && (declared === undefined || declared === 'string')) {
    return markNullable(
      convertTyped({ ...rest, type: 'string' }, conversion, values as string[]),
      nullable,
    );
  }
  const note = `Allowed values: ${values.map((value) => JSON.stringify(value)).join(', ')}.`;
  const type = declared ?? valueType;
  const described = { ...rest, description: appendSentence(rest.description, note) };
  return markNullable(
    type === undefined ? openValue(described) : convertTyped({ ...described, type }, conversion),
    nullable,
  );
}

/** The type a schema without `type` is about, from the keywords it uses. */
function impliedType(schema: SchemaObject): string | undefined {
  const has = (...keys: string[]): boolean => keys.some((key) => key in schema);
  if (
    has(
      'properties',
      'required',
      'additionalProperties',
      'patternProperties',
      'minProperties',
      'maxProperties',
    )
  )
    return 'object';
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'))
    return 'array';
  if (has('minLength', 'maxLength', 'pattern')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'))
    return 'number';
  return undefined;
}

/** A lower or upper bound, from `minimum` or a numeric `exclusiveMinimum` (and the maximum likewise). */
function bound(
  schema: SchemaObject,
  inclusive: string,
  exclusive: string,
  type: string,
  step: number,
): number | undefined {
  if (typeof schema[inclusive] === 'number') return schema[inclusive] as number;
  const limit = schema[exclusive];
  if (typeof limit !== 'number') return undefined;
  // For integers the next whole number is exact; for numbers the bound itself is the closest Gemini can say.
  return type === 'integer' ? Math.floor(limit) + step : limit;
}

/** The `items` of an array, from `items` or a tuple (`prefixItems`, or `items` as a list). */
function convertItems(schema: SchemaObject, conversion: Conversion): GeminiSchema {
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined;
  if (tuple === undefined) {
    // Gemini requires `items`; a JSON Schema array without it holds any values.
    return schema.items === undefined ? {} : convertSchema(schema.items, conversion);
  }
  const members = [...tuple];
  if (Array.isArray(schema.prefixItems) && isSchemaObject(schema.items)) members.push(schema.items);
  const converted = members.map((member) => convertSchema(member, conversion));
  const distinct = converted.filter(
    (member, index) =>
      converted.findIndex((other) => JSON.stringify(other) === JSON.stringify(member)) === index,
  );
  return distinct.length === 1 ? (distinct[0] as GeminiSchema) : { anyOf: distinct };
}

function convertTyped(
  schema: SchemaObject,
  conversion: Conversion,
  enumValues?: string[],
): GeminiSchema {
  const type = schema.type as string;
  const result: GeminiSchema = { type };
  let description = schema.description;
  if (schema.nullable === true) result.nullable = true;
  const copy = (...keys: string[]): void => {
    for (const key of keys) if (typeof schema[key] === 'number') result[key] = schema[key];
  };
  const format = schema.format;
  if (typeof format === 'string') {
    if (allowedFormats[type]?.includes(format)) result.format = format;
    else description = appendSentence(description, `Format: ${format}.`);
  }
  switch (type) {
    case 'string':
      if (enumValues !== undefined) result.enum = enumValues;
      copy('minLength', 'maxLength');
      if (typeof schema.pattern === 'string') result.pattern = schema.pattern;
      break;
    case 'number':
    case 'integer': {
      const minimum = bound(schema, 'minimum', 'exclusiveMinimum', type, 1);
      const maximum = bound(schema, 'maximum', 'exclusiveMaximum', type, -1);
      if (minimum !== undefined) result.minimum = minimum;
      if (maximum !== undefined) result.maximum = maximum;
      break;
    }
    case 'array':
      result.items = convertItems(schema, conversion);
      copy('minItems', 'maxItems');
      break;
    case 'object': {
      const properties = isSchemaObject(schema.properties) ? schema.properties : {};
      const names = Object.keys(properties);
      // A free-form object (a record, or no properties given) stays an object without properties.
      if (names.length > 0) {
        result.properties = Object.fromEntries(
          names.map((name) => [name, convertSchema(properties[name], conversion)]),
        );
        const required = requiredNames(schema).filter((name) => names.includes(name));
        if (required.length > 0) result.required = required;
      }
      copy('minProperties', 'maxProperties');
      break;
    }
    case 'boolean':
      break;
    default:
      // Not a type Gemini knows: leave the value open.
      return openValue(schema);
  }
  if (typeof description === 'string' && description.length > 0) result.description = description;
  return result;
}

/** One JSON Schema (or boolean schema) to Gemini's subset. */
function convertSchema(schema: unknown, current: Conversion): GeminiSchema {
  if (!isSchemaObject(schema)) return {}; // `true`, `false`: Gemini cannot say "nothing"; leave it open
  if (typeof schema.$ref === 'string') {
    const followed = followReference(schema, current);
    if (followed === 'recursive') {
      return openValue(
        withoutKeys(schema, ['$ref']),
        'Same structure as the value it is nested in.',
      );
    }
    if (followed === undefined) return openValue(withoutKeys(schema, ['$ref']));
    return convertSchema(followed.schema, followed.conversion);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = mergeAllOf(schema, current);
    return convertSchema(merged.schema, merged.conversion);
  }
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return convertAlternatives(schema, current);
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type): type is string => typeof type === 'string');
    const rest = withoutKeys(schema, ['type']);
    const nonNull = types.filter((type) => type !== 'null');
    const nullable = nonNull.length < types.length;
    if (nonNull.length === 1) {
      return markNullable(convertSchema({ ...rest, type: nonNull[0] }, current), nullable);
    }
    const branches: unknown[] = nonNull.map((type) => ({ type }));
    if (nullable) branches.push({ type: 'null' });
    return convertSchema({ ...rest, anyOf: branches }, current);
  }
  if (Array.isArray(schema.enum) || 'const' in schema) return convertValues(schema, current);
  if (schema.type === 'null') return markNullable(openValue(schema), true);
  const type = typeof schema.type === 'string' ? schema.type : impliedType(schema);
  if (type === undefined) return markNullable(openValue(schema), schema.nullable === true);
  return convertTyped({ ...schema, type }, current);
}

/**
 * A tool's `parameters` for Gemini, or undefined for a tool without arguments (Gemini refuses an object
 * schema whose `properties` is empty).
 */
export function geminiParameters(inputSchema: unknown): GeminiSchema | undefined {
  const root = toObjectParameters(inputSchema);
  const parameters = convertSchema(root, { root, resolving: new Set() });
  const properties = parameters.properties;
  if (!isSchemaObject(properties) || Object.keys(properties).length === 0) return undefined;
  return parameters;
}

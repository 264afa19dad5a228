// A server's request for input (MCP elicitation, form mode) as fields a form can show: the flat schema MCP
// allows (string, number, integer, boolean, single and multiple choice), its defaults, and the check of
// the person's answers against the schema the server sent before they go back to it.
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { isSecretKeyName } from '../../agent/redact/secret-key-name';

/** A value a form field holds, as MCP elicitation allows it. */
export type ElicitationValue = string | number | boolean | string[];

/** One choice of a choice field: the value sent, and the label shown. */
export interface ElicitationOption {
  value: string;
  label: string;
}

/** One field of the form, read from one property of the requested schema. */
export interface ElicitationField {
  name: string;
  label: string;
  description?: string;
  kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
  required: boolean;
  options: ElicitationOption[];
  defaultValue?: ElicitationValue;
  /**
   * True when the field asks for a key, a password or another credential (by its name, title or
   * description): the form warns, hides what is typed, and the answer is masked in every result.
   */
  secret: boolean;
}

/** The schema of a form-mode elicitation request: an object of flat properties. */
export interface ElicitationSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function optionsOf(schema: Record<string, unknown>): ElicitationOption[] {
  const titled = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(titled)) {
    return titled.flatMap((entry: unknown) => {
      const { const: value, title } = (entry ?? {}) as { const?: unknown; title?: unknown };
      return typeof value === 'string' ? [{ value, label: asString(title) ?? value }] : [];
    });
  }
  if (!Array.isArray(schema.enum)) return [];
  // enumNames is the legacy (pre-2025-11-25) way to title the choices of an enum.
  const names = Array.isArray(schema.enumNames) ? (schema.enumNames as unknown[]) : [];
  return schema.enum.flatMap((value: unknown, index) =>
    typeof value === 'string' ? [{ value, label: asString(names[index]) ?? value }] : [],
  );
}

function kindOf(schema: Record<string, unknown>): ElicitationField['kind'] {
  if (schema.type === 'array') return 'choices';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number') return 'number';
  if (schema.type === 'integer') return 'integer';
  return optionsOf(schema).length > 0 ? 'choice' : 'text';
}

// Words that ask for a credential wherever they stand in a title or description ("Your API key").
const secretWords =
  /\b(api[ _-]?key|access[ _-]?key|secret|password|passphrase|passcode|passwd|token|credentials?|private[ _-]?key)\b/i;

/** True when a text field asks for a credential (see ElicitationField.secret). */
function asksForSecret(name: string, schema: Record<string, unknown>): boolean {
  const texts = [name, asString(schema.title), asString(schema.description)];
  return texts.some(
    (text) => text !== undefined && (isSecretKeyName(text) || secretWords.test(text)),
  );
}

function isElicitationValue(value: unknown): value is ElicitationValue {
  return (
    ['string', 'number', 'boolean'].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

/** The form's fields, in the order the server listed its properties. */
export function elicitationFields(schema: ElicitationSchema): ElicitationField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const kind = kindOf(property);
    const items = (property.items ?? {}) as Record<string, unknown>;
    const description = asString(property.description);
    return {
      name,
      label: asString(property.title) ?? name,
      ...(description ? { description } : {}),
      kind,
      required: required.has(name),
      options: kind === 'choices' ? optionsOf(items) : optionsOf(property),
      ...(isElicitationValue(property.default) ? { defaultValue: property.default } : {}),
      secret: kind === 'text' && asksForSecret(name, property),
    };
  });
}

/** The schema's default of every field that has one: what the form starts with. */
export function elicitationDefaults(schema: ElicitationSchema): Record<string, ElicitationValue> {
  const values: Record<string, ElicitationValue> = {};
  for (const field of elicitationFields(schema)) {
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
  }
  return values;
}

/**
 * The credentials among the person's answers: the text they gave fields that ask for one. The page masks
 * them in every result, so a server that echoes them back shows the model a mask.
 */
export function secretAnswers(
  schema: ElicitationSchema,
  content: Record<string, ElicitationValue>,
): string[] {
  return elicitationFields(schema).flatMap((field) => {
    const value = content[field.name];
    return field.secret && typeof value === 'string' && value !== '' ? [value] : [];
  });
}

/** A field's typed value from what the person typed; undefined when left empty. */
export function fieldValueFromText(
  field: ElicitationField,
  text: string,
): ElicitationValue | undefined {
  if (text.trim() === '') return undefined;
  // A number the person mistyped stays text, so the schema check names the field instead of dropping it.
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

function describeError(error: OutputUnit, fields: ElicitationField[]): string | undefined {
  const labelOf = (name: string) =>
    fields.find((candidate) => candidate.name === name)?.label ?? name;
  if (error.keyword === 'required') {
    return `${labelOf(/"([^"]+)"/.exec(error.error)?.[1] ?? '')} is required.`;
  }
  const name = decodeURIComponent(error.instanceLocation.replace(/^#\/?/, '').split('/')[0] ?? '');
  const field = fields.find((candidate) => candidate.name === name);
  // Keywords that only say "something below me failed": the leaf error under them says what.
  if (!field || ['properties', 'items', 'oneOf', 'anyOf'].includes(error.keyword)) return undefined;
  if (error.keyword === 'type') {
    return `${field.label} must be ${field.kind === 'integer' ? 'a whole number' : `a ${field.kind}`}.`;
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    return `${field.label} must be one of the choices.`;
  }
  return `${field.label}: ${error.error.replace(/^Instance /, 'the value ')}`;
}

/** What is wrong with the answers against the requested schema, one sentence each; empty when valid. */
export function elicitationProblems(
  schema: ElicitationSchema,
  content: Record<string, ElicitationValue>,
): string[] {
  const result = new Validator(
    schema as unknown as Record<string, unknown>,
    '2020-12',
    false,
  ).validate(content);
  if (result.valid) return [];
  const fields = elicitationFields(schema);
  const sentences = result.errors.flatMap((error) => describeError(error, fields) ?? []);
  const unique = [...new Set(sentences)];
  return unique.length > 0 ? unique : ['The answers do not match what the server asked for.'];
}

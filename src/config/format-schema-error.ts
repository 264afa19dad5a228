// Turns @cfworker/json-schema output units into messages a config author can act on.
import type { ConfigProblem } from './app-config';
import type { OutputUnit } from '@cfworker/json-schema';

// Keywords that only say "something below me failed"; the leaf error under them says what.
const wrapperKeywords = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'if',
  'then',
  'additionalProperties',
]);

/** `#/datasets/0/source` under prefix `datasets` becomes `datasets[0].source`. */
export function configPath(prefix: string, instanceLocation: string): string {
  const parts = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean);
  let path = prefix;
  for (const part of parts) {
    const decoded = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    path += /^\d+$/.test(decoded) ? `[${decoded}]` : path ? `.${decoded}` : decoded;
  }
  return path || '(root)';
}

/** A short, quoted rendering of a config value for a problem message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function valueAt(root: unknown, instanceLocation: string): unknown {
  let value = root;
  for (const part of instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[decodeURIComponent(part)];
  }
  return value;
}

function leafMessage(unit: OutputUnit, value: unknown): string {
  switch (unit.keyword) {
    case 'type': {
      const expected = /Expected "([^"]+)"/.exec(unit.error)?.[1] ?? 'another type';
      return `must be ${expected === 'integer' || expected === 'array' || expected === 'object' ? 'an' : 'a'} ${expected}, not ${describeValue(value)}`;
    }
    case 'enum': {
      const options = /\[(.*)\]/.exec(unit.error)?.[1] ?? '';
      return `must be one of ${options.replaceAll('"', "'").replaceAll(',', ', ')}, not ${describeValue(value)}`;
    }
    case 'const':
      return `has the wrong value ${describeValue(value)}`;
    case 'required': {
      const property = /"([^"]+)"/.exec(unit.error)?.[1] ?? 'a field';
      return `is missing the required field '${property}'`;
    }
    case 'false':
      return 'is not a known field: remove it or check its spelling (see docs/configuration.md)';
    case 'pattern':
      return `has an invalid format ${describeValue(value)}: ${unit.error}`;
    default:
      return unit.error.replace(/^Instance /, '');
  }
}

/** Leaf errors only, one problem per location, in document order. */
export function formatSchemaErrors(
  prefix: string,
  errors: OutputUnit[],
  instance: unknown,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const unit of errors) {
    if (wrapperKeywords.has(unit.keyword)) continue;
    const path = configPath(prefix, unit.instanceLocation);
    const message = leafMessage(unit, valueAt(instance, unit.instanceLocation));
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, message });
  }
  if (problems.length === 0 && errors[0]) {
    problems.push({
      path: configPath(prefix, errors[0].instanceLocation),
      message: errors[0].error,
    });
  }
  return problems;
}

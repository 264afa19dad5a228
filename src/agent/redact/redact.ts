// The one place that masks secrets for display: free text (redact-text.ts), SQL (redact-sql.ts), and
// tool arguments, whose SQL fields are masked token by token so a mask never changes the statements.
import { SQL_ARGUMENT_NAMES } from '../sql-argument-names';
import { redactSql } from './redact-sql';
import { PLACEHOLDERS_ONLY, REDACTED, redactSecrets } from './redact-text';
import { isSecretKeyName } from './secret-key-name';

export { REDACTED, redactSecrets, redactSql };

const sqlArgumentNames: ReadonlySet<string> = new Set(SQL_ARGUMENT_NAMES);

/**
 * Returns a deep copy of `args` with secrets masked: values under secret-looking keys (at any depth) are
 * replaced, SQL arguments pass through `redactSql`, and every other string through `redactSecrets`.
 */
export function redactArguments<T>(args: T): T {
  return redactValue(args, new WeakMap(), undefined) as T;
}

function redactValue(
  value: unknown,
  seen: WeakMap<object, unknown>,
  key: string | undefined,
): unknown {
  if (typeof value === 'string') {
    return key !== undefined && sqlArgumentNames.has(key) ? redactSql(value) : redactSecrets(value);
  }
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactValue(item, seen, undefined));
    return copy;
  }
  if (value instanceof Date) return new Date(value.getTime());
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [name, item] of Object.entries(value)) {
    copy[name] =
      isSecretKeyName(name) && isMaskable(item) ? REDACTED : redactValue(item, seen, name);
  }
  return copy;
}

// Booleans, null, empty strings and credential placeholders hide nothing; everything else under a
// secret key is masked whole.
function isMaskable(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return false;
  if (typeof value === 'string' && value.replace(PLACEHOLDERS_ONLY, '').trim() === '') return false;
  return value !== '';
}

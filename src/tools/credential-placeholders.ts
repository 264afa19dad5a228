// Data credentials as placeholders. The model writes `{{secret:NAME}}` in a tool argument; the value
// the person saved under NAME replaces it only at dispatch, after approval, and any copy of a value in
// the result is turned back into its placeholder. So the model, the approval card, the logs and the
// exports only ever hold the placeholder.

const placeholderPattern = /\{\{secret:([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
/** Values shorter than this are not masked in results: they would match ordinary text. */
const shortestMaskedValue = 4;

/** The placeholder that stands for the credential `name`. */
export function credentialPlaceholder(name: string): string {
  return `{{secret:${name}}}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `value` with `map` applied to every string in it (arrays and plain objects; other objects kept). */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]),
    );
  }
  return value;
}

/** Names of every credential the arguments refer to, in order of first use. */
export function referencedCredentials(args: unknown): string[] {
  const names = new Set<string>();
  mapStrings(args, (text) => {
    for (const match of text.matchAll(placeholderPattern)) names.add(match[1]!);
    return text;
  });
  return [...names];
}

/** The arguments with every placeholder filled, or the names no credential is saved under. */
export function fillCredentials(
  args: Record<string, unknown>,
  credentials: ReadonlyMap<string, string>,
): { args: Record<string, unknown> } | { missing: string[] } {
  const missing = referencedCredentials(args).filter((name) => !credentials.has(name));
  if (missing.length > 0) return { missing };
  const filled = mapStrings(args, (text) =>
    text.replace(placeholderPattern, (_, name: string) => credentials.get(name) ?? ''),
  );
  return { args: filled as Record<string, unknown> };
}

/** `value` (a result's content or data) with every copy of a credential turned back into its placeholder. */
export function maskCredentials<T>(value: T, credentials: ReadonlyMap<string, string>): T {
  // Longest first, so a value that contains another is masked whole.
  const masked = [...credentials]
    .filter(([, secret]) => secret.length >= shortestMaskedValue)
    .sort((a, b) => b[1].length - a[1].length);
  if (masked.length === 0) return value;
  return mapStrings(value, (text) =>
    masked.reduce(
      (result, [name, secret]) => result.split(secret).join(credentialPlaceholder(name)),
      text,
    ),
  ) as T;
}

// Data credentials as placeholders. The model writes `{{secret:NAME}}` in a tool argument; the value
// the person saved under NAME replaces it only at dispatch, after approval, and only for a tool of the
// server the credential was saved for. Every copy of a value in a result, and every common transform of
// one (credential-masker.ts), is turned back into its placeholder. So the model, the approval card, the
// logs and the exports only ever hold the placeholder.
import { createTextMasker } from './credential-masker';

/** A saved data credential: its value, and the MCP server whose tools may receive it. */
export interface DataCredential {
  value: string;
  /** Undefined for a credential saved before credentials were bound: it is filled in for no tool. */
  serverId: string | undefined;
}

/** A placeholder the tool's server may not receive: the credential belongs elsewhere, or nowhere yet. */
export interface MisplacedCredential {
  name: string;
  serverId: string | undefined;
}

const placeholderPattern = /\{\{secret:([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/** The placeholder that stands for the credential `name`. */
export function credentialPlaceholder(name: string): string {
  return `{{secret:${name}}}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value` with `map` applied to every string in it (arrays and plain objects; other objects kept), and
 * to object keys too when `keys` is set (a column named after a secret is a copy of it).
 */
function mapStrings(value: unknown, map: (text: string) => string, keys = false): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, keys));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        keys ? map(key) : key,
        mapStrings(item, map, keys),
      ]),
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

/**
 * The arguments with every placeholder filled for a tool of `serverId` (undefined for a local tool);
 * or the names no credential is saved under; or the credentials that belong to another server.
 */
export function fillCredentials(
  args: Record<string, unknown>,
  credentials: ReadonlyMap<string, DataCredential>,
  serverId: string | undefined,
):
  { args: Record<string, unknown> } | { missing: string[] } | { misplaced: MisplacedCredential[] } {
  const names = referencedCredentials(args);
  const missing = names.filter((name) => !credentials.has(name));
  if (missing.length > 0) return { missing };
  const misplaced = names
    .map((name) => ({ name, serverId: credentials.get(name)?.serverId }))
    .filter((credential) => credential.serverId === undefined || credential.serverId !== serverId);
  if (misplaced.length > 0) return { misplaced };
  const filled = mapStrings(args, (text) =>
    text.replace(placeholderPattern, (_, name: string) => credentials.get(name)?.value ?? ''),
  );
  return { args: filled as Record<string, unknown> };
}

/**
 * `value` (a result's content or data) with every copy of a credential, and every transformed copy
 * the masker knows (case, reversal, hex, base64, URL-encoding, slices), turned back into its placeholder.
 * Credentials of every server are masked: a value is hidden wherever it turns up.
 */
export function maskCredentials<T>(value: T, credentials: ReadonlyMap<string, DataCredential>): T {
  const mask = createTextMasker(
    [...credentials].map(([name, credential]) => [name, credential.value] as const),
    credentialPlaceholder,
  );
  return mask ? (mapStrings(value, mask, true) as T) : value;
}

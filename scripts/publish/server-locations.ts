// The `_headers` rules as a server's config needs them: one location per path pattern, each with every
// header that applies to its files (a rule's headers, then a more specific rule's over them), most
// specific last. nginx picks one location per request and Apache and Caddy set a header once, so each
// location carries its whole set: what `headersForPath` (vite preview) sends for the same path.
import type { HeaderRule } from './content-security-policy.ts';

/** One location of a server's config: a path or a path prefix, and the headers its files get. */
export interface ServerLocation {
  /** `prefix`: every path that starts with `path`; `exact`: `path` alone. */
  kind: 'prefix' | 'exact';
  /** The path without the trailing `*` of its pattern, from the site's root (`/assets/`). */
  path: string;
  headers: Record<string, string>;
}

/** Where the app is served from: `/`, or a sub-folder such as `/maps/quakes/`. */
export type BasePath = string;

const basePattern = /^\/(?:[A-Za-z0-9._~-]+\/)*$/;

/**
 * `base` as a sub-folder the configs can hold as it is: `/`, or `/a/b/` made of letters, digits and
 * `._~-`. Throws for anything else (it reaches regular expressions and path matchers unescaped).
 */
export function checkedBase(base: string): BasePath {
  const withSlashes = `/${base}/`.replace(/\/+/g, '/');
  if (!basePattern.test(withSlashes) || withSlashes.split('/').some((part) => /^\.+$/.test(part))) {
    throw new Error(
      `--base ${JSON.stringify(base)} is not a folder path: use letters, digits and ._~- between slashes`,
    );
  }
  return withSlashes;
}

function covers(outer: ServerLocation, inner: ServerLocation): boolean {
  if (outer.kind === 'exact') return inner.kind === 'exact' && inner.path === outer.path;
  return inner.path.startsWith(outer.path);
}

/** The rules' locations, least specific first, each with the headers of every rule that covers it. */
export function serverLocations(rules: HeaderRule[]): ServerLocation[] {
  const own = rules.map((rule): ServerLocation =>
    rule.path.endsWith('*')
      ? { kind: 'prefix', path: rule.path.slice(0, -1), headers: rule.headers }
      : { kind: 'exact', path: rule.path, headers: rule.headers },
  );
  const specificity = (location: ServerLocation): number =>
    location.path.length + (location.kind === 'exact' ? 10_000 : 0);
  const sorted = [...own].sort((a, b) => specificity(a) - specificity(b));
  return sorted.map((location) => ({
    ...location,
    headers: Object.assign(
      {},
      ...sorted.filter((outer) => covers(outer, location)).map((outer) => outer.headers),
    ) as Record<string, string>,
  }));
}

/** A header value a server config may carry: no control characters (a header cannot hold them). */
export function checkedHeaderValue(value: string): string {
  if (/[\p{Cc}]/u.test(value)) {
    throw new Error(`a header value holds a control character: ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The locations in groups a server can match at once: each prefix alone, and the exact paths with the
 * same headers together (Apache and Caddy match a list of paths in one condition).
 */
export function groupExact(locations: ServerLocation[]): ServerLocation[][] {
  const groups: ServerLocation[][] = [];
  for (const location of locations) {
    const same = groups.find(
      ([first]) =>
        location.kind === 'exact' &&
        first?.kind === 'exact' &&
        JSON.stringify(first.headers) === JSON.stringify(location.headers),
    );
    if (same) same.push(location);
    else groups.push([location]);
  }
  return groups;
}

// Reads a URL or a source from the app config by the rules of a host name, and writes back only a
// scheme, a host and a port. The URL parser alone keeps `;`, `,`, quotes and more in a host
// (`new URL('http://a;frame-ancestors/').origin` is `http://a;frame-ancestors`), and in a
// Content-Security-Policy or a header those are syntax: config is data, so it is re-serialised here,
// never copied. The build's policy writer and the page's config validation both read URLs through this.

/** What a URL from the config is, once read. */
export type ConfigUrl =
  /** An absolute http(s) URL; `origin` is rebuilt from its scheme, host name and port. */
  | { kind: 'origin'; origin: string }
  /** A path relative to the page, so on the page's own origin. */
  | { kind: 'relative' }
  /** Not a URL this config may hold; `reason` completes a sentence that starts with the field's name. */
  | { kind: 'refused'; reason: string };

// Labels of letters, digits and hyphens (punycode `xn--` included), which also covers IPv4; or an
// IPv6 address in brackets. The URL parser has already lowercased and punycoded what it could.
const hostNamePattern = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
const ipv6Pattern = /^\[[0-9a-f:.]+\]$/;

// The URL parser drops tabs and newlines anywhere and C0 controls and spaces at either end, so a URL
// holding them would not read as what the file says; URLs never need them raw (%20 exists).
const whitespaceOrControl = /[\p{Cc}\p{Cf}\p{Z}]/u;

const schemePrefix = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** True for a host name a policy may hold: letters, digits, `-` and `.`, IPv4, or IPv6 in brackets. */
export function isSafeHostName(hostName: string): boolean {
  return hostNamePattern.test(hostName) || ipv6Pattern.test(hostName);
}

/** Reads `value`; a relative path is `relative` when `relative` allows it, else refused. */
export function readConfigUrl(value: string, options: { relative: boolean }): ConfigUrl {
  if (value.length === 0) return { kind: 'refused', reason: 'is empty' };
  if (whitespaceOrControl.test(value)) {
    return {
      kind: 'refused',
      reason: 'holds a space, a line break or a control character: percent-encode it (%20)',
    };
  }
  if (/^[/\\]{2}/.test(value)) {
    return {
      kind: 'refused',
      reason: 'starts with // (another host, by the page’s scheme): write https:// in front',
    };
  }
  if (!schemePrefix.test(value)) {
    return options.relative
      ? { kind: 'relative' }
      : { kind: 'refused', reason: 'must be an absolute http(s) URL such as https://example.org/' };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return {
      kind: 'refused',
      reason: 'is not a URL: write it whole, such as https://example.org/',
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      kind: 'refused',
      reason: `must be an http(s) URL${options.relative ? ' or a path relative to the page' : ''}, not ${url.protocol}`,
    };
  }
  if (!isSafeHostName(url.hostname)) {
    return {
      kind: 'refused',
      reason:
        'has a host name with characters a host name cannot hold: use letters, digits, - and . (or an IP address)',
    };
  }
  return {
    kind: 'origin',
    origin: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
  };
}

/** The origin `value` adds to a policy, or undefined for a relative or refused URL. */
export function configUrlOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const read = readConfigUrl(value, { relative: true });
  return read.kind === 'origin' ? read.origin : undefined;
}

// A scheme alone, or scheme://[*.]host[:port|:*][/path], with the path in characters that are never
// policy syntax (no `;`, `,`, quote or space).
const sourcePattern =
  /^(?:(https?|wss?):|(https?|wss?):\/\/(\*\.)?([^/:]+)(?::([0-9]{1,5}|\*))?(\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?)$/i;

/**
 * One Content-Security-Policy source from the config (`security.connectSrc`, `frameAncestors`),
 * rebuilt from its parts; undefined when it is not a scheme, an origin or `'self'` (when allowed).
 */
export function readPolicySource(
  value: string,
  options: { self: boolean } = { self: false },
): string | undefined {
  if (options.self && value === "'self'") return "'self'";
  const match = sourcePattern.exec(value);
  if (!match) return undefined;
  const [, schemeOnly, scheme, wildcard, host, port, path] = match;
  if (schemeOnly) return `${schemeOnly.toLowerCase()}:`;
  if (!scheme || !host) return undefined;
  const hostName = host.toLowerCase();
  if (!isSafeHostName(hostName) || hostName.startsWith('[')) return undefined;
  if (port !== undefined && port !== '*' && Number(port) > 65_535) return undefined;
  return `${scheme.toLowerCase()}://${wildcard ?? ''}${hostName}${port !== undefined ? `:${port}` : ''}${path ?? ''}`;
}

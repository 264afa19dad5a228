// The page's Content-Security-Policy and the other security headers, built from the app config at build
// time. connect-src lists only what the page may talk to: its own origin, the hosted LLM providers the
// settings offer, every endpoint and URL the config names, the publisher's extra sources, and (unless
// the config says no) any port on loopback for a local model or MCP server.
import { createHash } from 'node:crypto';
import { configUrlOrigin, readPolicySource } from '../../src/config/safe-origin.ts';
import { PROVIDER_DEFAULTS } from '../../src/providers/provider-defaults.ts';
import type { AppConfig } from '../../src/config/app-config.ts';

/** Any port on loopback: a local OpenAI-compatible server (Ollama at 127.0.0.1:11434) or MCP server. */
export const loopbackSources = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The policy for the page, its style nonce, and the headers a host should send with every file. */
export interface SecurityPolicy {
  /** The policy the page's meta tag carries (a meta tag cannot carry frame-ancestors). */
  metaPolicy: string;
  /** The nonce CodeMirror's and Vite's style elements carry (public by nature on a static site). */
  styleNonce: string;
  /** Headers for every response: the policy with frame-ancestors, nosniff, no referrer. */
  headers: Record<string, string>;
}

const styleNonceMarker = '{style-nonce}';

// The publisher's own sources, each rebuilt from its parts; one that is not a source is left out (the
// config's validation has said so already).
function policySources(sources: string[], self: boolean): string[] {
  return sources
    .map((source) => readPolicySource(source, { self }))
    .filter((source): source is string => source !== undefined);
}

/** Every source connect-src lists for `config`, `'self'` first, each once, in a stable order. */
export function connectSources(config: AppConfig): string[] {
  const hostedProviders = Object.entries(PROVIDER_DEFAULTS)
    .filter(([id]) => id !== 'local')
    .map(([, provider]) => provider.endpoint);
  const named = [
    ...hostedProviders,
    ...config.llm.providers.map((provider) => provider.endpoint),
    ...config.mcpServers.map((server) => server.url),
    config.basemap.kind === 'style' ? config.basemap.url : undefined,
    config.systemPromptUrl,
    // Hosts the in-page DuckDB may read from (its worker gets this policy as a header).
    ...config.data.allowedHosts,
    ...config.datasets.flatMap((dataset) => [
      dataset.source.url,
      dataset.tiles,
      dataset.geometry.kind === 'shapes' ? dataset.geometry.url : undefined,
    ]),
  ];
  const local = config.security.allowLocalEndpoints;
  // Each URL is rebuilt from its scheme, host name and port; a relative one is on 'self', and one whose
  // host is not a host name (a ';' or a quote in it) adds nothing, so no config value becomes syntax.
  const origins = named
    .map(configUrlOrigin)
    .filter((origin): origin is string => origin !== undefined)
    // Already covered by the loopback sources when those are allowed.
    .filter((origin) => !(local && /^http:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?$/.test(origin)));
  const extra = [
    ...policySources(config.security.connectSrc, false),
    ...(local ? loopbackSources : []),
  ];
  return ["'self'", 'blob:', 'data:', ...new Set([...origins, ...extra].sort())];
}

function policy(config: AppConfig, styleNonce: string): string {
  return [
    "default-src 'self'",
    // WebAssembly (DuckDB, parquet-wasm) compiles in the page and in workers; no eval otherwise.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    // No 'unsafe-inline': the app's styles are files; MapLibre and Plot's removed defaults use the CSSOM,
    // and only CodeMirror's injected style element carries the nonce.
    `style-src 'self' 'nonce-${styleNonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSources(config).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy and headers for `config`. The nonce is derived from the policy itself, so the same config
 * builds the same nonce and a host's copied headers stay valid until the config changes.
 */
export function securityPolicy(config: AppConfig): SecurityPolicy {
  const styleNonce = createHash('sha256')
    .update(policy(config, styleNonceMarker))
    .digest('base64url')
    .slice(0, 24);
  const metaPolicy = policy(config, styleNonce);
  const ancestors = policySources(config.security.frameAncestors, true);
  const frameAncestors = ancestors.length > 0 ? ancestors.join(' ') : "'none'";
  return {
    metaPolicy,
    styleNonce,
    headers: {
      'Content-Security-Policy': `${metaPolicy}; frame-ancestors ${frameAncestors}`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  };
}

/** One block of a `_headers` file: a path pattern (`/*`, `/assets/*`) and the headers it adds. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * Vite names every file under `assets/` after a hash of its content, so a changed file gets a new name:
 * browsers may keep them for good and never ask again. A returning person then reads DuckDB's 34 MB
 * module and the app's scripts from the cache without a round trip each.
 */
export const assetCacheRule: HeaderRule = {
  path: '/assets/*',
  headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
};

/** The rules as a Netlify / Cloudflare Pages `_headers` file. */
export function headersFile(rules: HeaderRule[]): string {
  return rules
    .map(({ path, headers }) => {
      const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
      return `${path}\n${lines.join('\n')}\n`;
    })
    .join('');
}

/** Reads a `_headers` file written by `headersFile` back into its rules. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    const header = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (header?.[1] && header[2]) {
      const rule = rules.at(-1);
      if (rule) rule.headers[header[1]] = header[2].trim();
    } else if (line.startsWith('/')) rules.push({ path: line.trim(), headers: {} });
  }
  return rules;
}

/** The headers a host reading these rules sends with `pathname`: every matching rule's, in order. */
export function headersForPath(rules: HeaderRule[], pathname: string): Record<string, string> {
  const matches = (pattern: string): boolean =>
    pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
  return Object.assign(
    {},
    ...rules.filter((rule) => matches(rule.path)).map((rule) => rule.headers),
  );
}

// The security headers of a build, from its app config: the page's policy (index.html's meta tag and
// style nonce), dist/_headers, and the same rules for nginx and Apache. The build writes them
// (vite-plugin-security-headers.ts) and `npm run headers -- dist` rewrites them in a built folder from
// its own app-config.json, byte for byte as a build from that config would.
import { assetCacheRule, headersFile, securityPolicy } from './content-security-policy.ts';
import { duckdbWorkerRule } from './duckdb-worker-policy.ts';
import type { AppConfig } from '../src/config/app-config.ts';
import type { HeaderRule, SecurityPolicy } from './content-security-policy.ts';

/** The page's policy and every header rule a host sends for `config`. */
export function publishHeaders(config: AppConfig): { policy: SecurityPolicy; rules: HeaderRule[] } {
  const policy = securityPolicy(config);
  return {
    policy,
    rules: [{ path: '/*', headers: policy.headers }, assetCacheRule, duckdbWorkerRule(config)],
  };
}

/** The `_headers` file (Netlify, Cloudflare Pages) for `config`. */
export function headersFileFor(config: AppConfig): string {
  return headersFile(publishHeaders(config).rules);
}

const metaPolicyPattern = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/;
const nonceMetaPattern = /<meta property="csp-nonce" nonce="([^"]*)"/;

/**
 * A built page with `policy` in its meta tag and its style nonce on every tag that carries one (the
 * nonce is derived from the policy, so a new policy brings a new nonce). Throws when the page holds no
 * policy meta tag (not a Mapwright build).
 */
export function rewritePagePolicy(html: string, policy: SecurityPolicy): string {
  if (!metaPolicyPattern.test(html)) {
    throw new Error('the page has no Content-Security-Policy meta tag: is this a Mapwright build?');
  }
  const withPolicy = html.replace(metaPolicyPattern, (_, start: string, end: string) => {
    return `${start}${policy.metaPolicy}${end}`;
  });
  const oldNonce = nonceMetaPattern.exec(withPolicy)?.[1];
  if (oldNonce === undefined || oldNonce === '') return withPolicy;
  return withPolicy.split(`nonce="${oldNonce}"`).join(`nonce="${policy.styleNonce}"`);
}

// The header values, in the quotes each server's config takes (a value holds no double quote: its
// sources are rebuilt from their parts).
function headerLines(
  headers: Record<string, string>,
  line: (name: string, value: string) => string,
) {
  return Object.entries(headers).map(([name, value]) => line(name, value));
}

/**
 * The rules as nginx `location` blocks under `root`. nginx's add_header in a nested location replaces
 * the outer ones, so each block carries every header that applies to it.
 */
export function nginxConfig(rules: HeaderRule[], root = '/srv/mapwright'): string {
  const [page, assets, worker] = rules;
  const block = (location: string, headers: Record<string, string>): string =>
    [
      `location ${location} {`,
      `  root ${root};`,
      ...headerLines(headers, (name, value) => `  add_header ${name} "${value}" always;`),
      '}',
    ].join('\n');
  const pageHeaders = page?.headers ?? {};
  const workerHeaders = { ...(worker?.headers ?? {}) };
  return [
    block('/', pageHeaders),
    block('/assets/', { ...pageHeaders, ...assets?.headers }),
    // The worker's own policy replaces the page's for its file (a host sending both narrows it more).
    block('^~ /assets/duckdb-worker-', {
      'X-Content-Type-Options': pageHeaders['X-Content-Type-Options'] ?? 'nosniff',
      ...assets?.headers,
      ...workerHeaders,
    }),
  ].join('\n');
}

/** The rules for Apache (an .htaccess in the folder, or the site's config; needs mod_headers). */
export function apacheConfig(rules: HeaderRule[]): string {
  const [page, assets, worker] = rules;
  const set = (headers: Record<string, string> | undefined, indent = ''): string[] =>
    headerLines(headers ?? {}, (name, value) => `${indent}Header always set ${name} "${value}"`);
  return [
    '<IfModule mod_headers.c>',
    ...set(page?.headers, '  '),
    '  <If "%{REQUEST_URI} =~ m#^(.*/)?assets/#">',
    ...set(assets?.headers, '    '),
    '  </If>',
    '  <If "%{REQUEST_URI} =~ m#^(.*/)?assets/duckdb-worker-#">',
    ...set(worker?.headers, '    '),
    '  </If>',
    '</IfModule>',
  ].join('\n');
}

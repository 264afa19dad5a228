// The security headers of a build, from its app config: the page's policy (index.html's meta tag and
// style nonce), dist/_headers, and the same rules for nginx, Apache and Caddy (nginx-config.ts,
// apache-config.ts, caddy-config.ts). The build writes them
// (vite-plugin-security-headers.ts) and `npm run headers -- dist` rewrites them in a built folder from
// its own app-config.json, byte for byte as a build from that config would.
import { apacheConfig } from './apache-config.ts';
import { caddyConfig } from './caddy-config.ts';
import { assetCacheRule, headersFile, securityPolicy } from './content-security-policy.ts';
import { duckdbWorkerRule } from './duckdb-worker-policy.ts';
import { nginxConfig, type ServerConfigOptions } from './nginx-config.ts';
import type { AppConfig } from '../../src/config/app-config.ts';
import type { HeaderRule, SecurityPolicy } from './content-security-policy.ts';

/**
 * The files that keep their names across builds and say which build a visitor runs: the page, its
 * config, the service worker and the embed module. A browser asks for them again at every visit (a
 * host's default lets it keep them for a while, and a visitor would run the old build's page against
 * a new config or a missing script); everything they load by a hashed name is kept for good.
 */
export const revalidatedPaths = [
  '/',
  '/index.html',
  '/oauth-callback.html',
  '/app-config.json',
  '/sw.js',
  '/mapwright.js',
  '/mapwright.css',
];

const revalidate = { 'Cache-Control': 'no-cache' };

/** The page's policy and every header rule a host sends for `config`. */
export function publishHeaders(config: AppConfig): { policy: SecurityPolicy; rules: HeaderRule[] } {
  const policy = securityPolicy(config);
  return {
    policy,
    rules: [
      { path: '/*', headers: policy.headers },
      ...revalidatedPaths.map((path) => ({ path, headers: revalidate })),
      assetCacheRule,
      duckdbWorkerRule(config),
    ],
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

/** The rules as each server's config, as `npm run headers` prints them. */
export function serverConfigs(
  rules: HeaderRule[],
  options: ServerConfigOptions,
): { nginx: string; apache: string; caddy: string } {
  return {
    nginx: nginxConfig(rules, options),
    apache: apacheConfig(rules, options),
    caddy: caddyConfig(rules, options),
  };
}

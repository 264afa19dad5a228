// The Content-Security-Policy of the page's DuckDB worker. A worker started from its own URL takes the
// policy its file is served with, so a host that reads dist/_headers can hold DuckDB to the data hosts
// alone: connect-src lists the page's own origin (DuckDB's module) and data.allowedHosts, nothing else,
// and the browser checks every redirect against it, so a data host that redirects elsewhere reaches no
// one. The policy is whole on its own: a host that joins it with the page's policy only narrows it.
import type { AppConfig } from '../../src/config/app-config.ts';
import type { HeaderRule } from './content-security-policy.ts';

/** The worker's entry files as the build names them: assets/duckdb-worker-eh-<hash>.js and -mvp-. */
export const duckdbWorkerPath = '/assets/duckdb-worker-*';

// An origin re-serialised from its parsed parts, or nothing: a config value never becomes policy syntax.
function policyOrigin(host: string): string | undefined {
  try {
    const url = new URL(host);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!/^[a-z0-9.-]+$/.test(url.hostname)) return undefined;
    return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return undefined;
  }
}

/** The sources the DuckDB worker may connect to: its own origin and the config's data hosts. */
export function duckdbWorkerConnectSources(config: Pick<AppConfig, 'data'>): string[] {
  const origins = config.data.allowedHosts
    .map(policyOrigin)
    .filter((origin): origin is string => origin !== undefined);
  return ["'self'", ...new Set(origins.sort())];
}

/** The `_headers` rule that gives the DuckDB worker its own policy. */
export function duckdbWorkerRule(config: Pick<AppConfig, 'data'>): HeaderRule {
  return {
    path: duckdbWorkerPath,
    headers: {
      'Content-Security-Policy': [
        "default-src 'none'",
        // DuckDB's worker script and its WebAssembly, from this origin only.
        "script-src 'self' 'wasm-unsafe-eval'",
        `connect-src ${duckdbWorkerConnectSources(config).join(' ')}`,
      ].join('; '),
    },
  };
}

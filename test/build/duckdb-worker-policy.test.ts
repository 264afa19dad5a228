// The DuckDB worker's own Content-Security-Policy: it may connect to the page's origin and the config's
// data hosts only, never to loopback, the model providers or anything else the page itself may reach.
import { describe, expect, it } from 'vitest';
import { securityPolicy } from '../../scripts/publish/content-security-policy';
import {
  duckdbWorkerConnectSources,
  duckdbWorkerPath,
  duckdbWorkerRule,
} from '../../scripts/publish/duckdb-worker-policy';
import { defaultAppConfig } from '../../src/config';

describe("the DuckDB worker's policy", () => {
  it('connects to its own origin only when no data host is named, though the page allows loopback', () => {
    const config = defaultAppConfig();
    expect(securityPolicy(config).metaPolicy).toContain('http://127.0.0.1:*');
    expect(duckdbWorkerRule(config)).toEqual({
      path: duckdbWorkerPath,
      headers: {
        'Content-Security-Policy':
          "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'",
      },
    });
  });

  it('adds each data host as an origin, once, and nothing that is not one', () => {
    const allowedHosts = [
      'https://data.example.org/',
      'http://127.0.0.1:4631',
      'https://data.example.org',
      "https://evil.example; script-src 'unsafe-eval'",
      'https://a;b.example',
      'ftp://files.example.org',
    ];
    expect(duckdbWorkerConnectSources({ data: { allowedHosts } })).toEqual([
      "'self'",
      'http://127.0.0.1:4631',
      'https://data.example.org',
    ]);
  });
});

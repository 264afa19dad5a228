import { describe, expect, it } from 'vitest';
import {
  connectSources,
  assetCacheRule,
  headersFile,
  headersForPath,
  parseHeadersFile,
  securityPolicy,
} from '../../scripts/publish/content-security-policy';
import { defaultAppConfig } from '../../src/config';
import type { AppConfig } from '../../src/config';

const hosted = [
  'https://api.anthropic.com',
  'https://api.openai.com',
  'https://bedrock-runtime.us-east-1.amazonaws.com',
  'https://bedrock-runtime.us-west-2.amazonaws.com',
  'https://generativelanguage.googleapis.com',
  'https://openrouter.ai',
];

function configWith(change: Partial<AppConfig>): AppConfig {
  return { ...defaultAppConfig(), ...change };
}

function directive(policy: string, name: string): string | undefined {
  return policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('connect-src from the app config', () => {
  it('allows the page, the hosted providers and loopback by default, and no other host', () => {
    expect(connectSources(defaultAppConfig())).toEqual([
      "'self'",
      'blob:',
      'data:',
      'http://127.0.0.1:*',
      'http://localhost:*',
      ...hosted,
    ]);
  });

  it('adds the origin of every endpoint and URL the config names', () => {
    const [earthquakes] = defaultAppConfig().datasets;
    const sources = connectSources(
      configWith({
        llm: {
          providers: [
            {
              id: 'team',
              kind: 'openai-compatible',
              endpoint: 'https://llm.example.com/v1',
              models: ['m'],
            },
          ],
          bringYourOwnKey: true,
        },
        mcpServers: [{ id: 'warehouse', url: 'https://mcp.example.org:8443/mcp' }],
        basemap: { kind: 'style', url: 'https://tiles.example.net/style.json' },
        systemPromptUrl: 'https://prompts.example.com/prompt.md',
        datasets: [
          {
            ...earthquakes!,
            source: { url: 'https://data.example.com/q.geojson', format: 'geojson' },
          },
        ],
      }),
    );
    for (const origin of [
      'https://llm.example.com',
      'https://mcp.example.org:8443',
      'https://tiles.example.net',
      'https://prompts.example.com',
      'https://data.example.com',
    ]) {
      expect(sources).toContain(origin);
    }
    expect(sources).not.toContain('https:');
  });

  it('drops the loopback ports when local endpoints are not allowed, keeping named ones', () => {
    const sources = connectSources(
      configWith({ security: { connectSrc: [], allowLocalEndpoints: false, frameAncestors: [] } }),
    );
    expect(sources).not.toContain('http://127.0.0.1:*');
    expect(sources).not.toContain('http://localhost:*');
    // The default config names a local Ollama endpoint itself.
    expect(sources).toContain('http://127.0.0.1:11434');
  });

  it("adds the publisher's extra sources, such as any HTTPS host", () => {
    const sources = connectSources(
      configWith({
        security: {
          connectSrc: ['https:', 'https://*.example.com'],
          allowLocalEndpoints: true,
          frameAncestors: [],
        },
      }),
    );
    expect(sources).toContain('https:');
    expect(sources).toContain('https://*.example.com');
  });

  it('lets the page and its DuckDB worker reach the hosts data.allowedHosts names, and no others', () => {
    const sources = connectSources(
      configWith({ data: { allowedHosts: ['https://data.example.org'] } }),
    );
    expect(sources).toContain('https://data.example.org');
    expect(connectSources(configWith({}))).not.toContain('https://data.example.org');
  });
});

describe('the security policy and headers', () => {
  it('allows no inline style: only files and the style nonce', () => {
    const { metaPolicy, styleNonce } = securityPolicy(defaultAppConfig());
    expect(directive(metaPolicy, 'style-src')).toBe(`'self' 'nonce-${styleNonce}'`);
    expect(metaPolicy).not.toContain('unsafe-inline');
    expect(styleNonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(directive(metaPolicy, 'script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(directive(metaPolicy, 'object-src')).toBe("'none'");
    expect(directive(metaPolicy, 'base-uri')).toBe("'none'");
    expect(directive(metaPolicy, 'frame-ancestors')).toBeUndefined();
  });

  it('keeps the nonce while the config is the same, and changes it with the policy', () => {
    const first = securityPolicy(defaultAppConfig()).styleNonce;
    expect(securityPolicy(defaultAppConfig()).styleNonce).toBe(first);
    const changed = securityPolicy(
      configWith({
        security: { connectSrc: ['https:'], allowLocalEndpoints: true, frameAncestors: [] },
      }),
    ).styleNonce;
    expect(changed).not.toBe(first);
  });

  it('sends the policy with frame-ancestors, nosniff and no referrer as headers', () => {
    const { metaPolicy, headers } = securityPolicy(defaultAppConfig());
    expect(headers).toEqual({
      'Content-Security-Policy': `${metaPolicy}; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    const framed = securityPolicy(
      configWith({
        security: {
          connectSrc: [],
          allowLocalEndpoints: true,
          frameAncestors: ["'self'", 'https://blog.example.com'],
        },
      }),
    );
    expect(directive(framed.headers['Content-Security-Policy']!, 'frame-ancestors')).toBe(
      "'self' https://blog.example.com",
    );
  });

  it('writes the headers as a _headers file that reads back the same', () => {
    const { headers } = securityPolicy(defaultAppConfig());
    const rules = [{ path: '/*', headers }, assetCacheRule];
    const file = headersFile(rules);
    expect(file.split('\n')[0]).toBe('/*');
    expect(parseHeadersFile(file)).toEqual(rules);
  });

  it('caches the content-hashed assets for good, and only them', () => {
    const { headers } = securityPolicy(defaultAppConfig());
    const rules = parseHeadersFile(headersFile([{ path: '/*', headers }, assetCacheRule]));
    const asset = headersForPath(rules, '/assets/duckdb-eh-9ubY-jlA.wasm');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asset['Content-Security-Policy']).toBe(headers['Content-Security-Policy']);
    // The page, its config and the data files can change under the same name.
    for (const path of ['/', '/index.html', '/app-config.json', '/data/airports.csv'])
      expect(headersForPath(rules, path)['Cache-Control']).toBeUndefined();
  });
});

describe('img-src', () => {
  it('allows blob: and data: images, which a chart drawn into a PNG is loaded from', () => {
    const sources = directive(securityPolicy(defaultAppConfig()).metaPolicy, 'img-src')?.split(' ');
    expect(sources).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
  });
});

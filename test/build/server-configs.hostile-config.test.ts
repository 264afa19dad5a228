// Config is data in the servers' own languages too: what app-config.json puts into the policy reaches
// the browser byte for byte from Debian's nginx, Apache and Caddy, started here with the configs `npm
// run headers` prints, and never becomes their syntax (`$host` is no nginx variable, `%{HOME}e` no
// Apache format, `{$HOME}` no Caddy placeholder). A value a language cannot spell is refused. The
// Apache block also works as an .htaccess, as docs/configuration.md offers.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apacheConfig } from '../../scripts/publish/apache-config';
import { caddyConfig } from '../../scripts/publish/caddy-config';
import { nginxConfig } from '../../scripts/publish/nginx-config';
import { publishHeaders, serverConfigs } from '../../scripts/publish/publish-headers';
import { checkedBase } from '../../scripts/publish/server-locations';
import { validateAppConfig } from '../../src/config/validate-app-config';
import { startWebServer, type WebServerKind } from '../servers/web-servers';
import type { HeaderRule } from '../../scripts/publish/content-security-policy';

const kinds: WebServerKind[] = ['nginx', 'apache', 'caddy'];

// Paths a policy source may hold, each with what a server's config language would read in it.
const hostileSources = [
  'https://a.example/$host$request_uri', // nginx variables
  'https://b.example/%t%D%%25', // mod_headers formats
  'https://c.example/!&()*+=:@', // shell and list syntax
];

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'mapwright-hostile-site-'));
  // Apache's workers run as another user (www-data when the test runs as root).
  chmodSync(folder, 0o755);
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(folder, 'sw.js'), '');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function served(
  kind: WebServerKind,
  write: (listen: string) => string,
  paths: string[],
): Promise<Headers[]> {
  const server = await startWebServer(kind, write, folder);
  try {
    return await Promise.all(
      paths.map(async (path) => (await fetch(`${server.origin}${path}`)).headers),
    );
  } finally {
    await server.stop();
  }
}

describe('hostile config values, served by the real servers', () => {
  const { config, problems } = validateAppConfig({
    security: { connectSrc: hostileSources, frameAncestors: ['https://frame.example/$uri%b'] },
  });
  const { policy, rules } = publishHeaders(config);

  it('keeps the hostile sources in the policy (the config accepts them)', () => {
    expect(problems).toEqual([]);
    for (const source of hostileSources) expect(policy.metaPolicy).toContain(source);
  });

  for (const kind of kinds) {
    it(`${kind} sends the policy exactly as _headers has it`, async () => {
      const [page] = await served(
        kind,
        (listen) => serverConfigs(rules, { root: folder, base: '/', listen })[kind],
        ['/'],
      );
      expect(page?.get('content-security-policy')).toBe(policy.headers['Content-Security-Policy']);
      expect(page?.get('cache-control')).toBe('no-cache');
    });
  }
});

describe('the Apache config as an .htaccess', () => {
  it('serves the same headers from an .htaccess in the folder (its block without <Directory>)', async () => {
    const { policy, rules } = publishHeaders(validateAppConfig({}).config);
    const printed = apacheConfig(rules, { root: folder, base: '/' }).split('\n');
    writeFileSync(join(folder, '.htaccess'), printed.slice(1, -1).join('\n'));
    try {
      const allowOverride = `<Directory "${folder}">\n  AllowOverride FileInfo Indexes\n</Directory>`;
      const [page, worker] = await served('apache', () => allowOverride, [
        '/',
        '/assets/duckdb-worker-eh-x.js',
      ]);
      expect(page?.get('content-security-policy')).toBe(policy.headers['Content-Security-Policy']);
      expect(page?.get('cache-control')).toBe('no-cache');
      expect(worker?.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(worker?.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      rmSync(join(folder, '.htaccess'));
    }
  });
});

describe('values no config passes, written by each language rule', () => {
  const raw = "a\"b\\c $host %{HOME}e %t {$HOME} {http.request.uri} ;} # 'x'";
  const caddySafe = "a $host %{HOME}e %t {http.request.uri} ${x} ;} # 'x'";
  const rulesWith = (value: string): HeaderRule[] => [
    { path: '/*', headers: { 'X-Probe': value } },
  ];
  const options = (listen: string) => ({ root: folder, base: '/', listen });

  it('nginx sends quotes, backslashes and $ as they are', async () => {
    const [page] = await served('nginx', (listen) => nginxConfig(rulesWith(raw), options(listen)), [
      '/',
    ]);
    expect(page?.get('x-probe')).toBe(raw);
  });

  it('Apache sends quotes, backslashes and % as they are', async () => {
    const [page] = await served(
      'apache',
      (listen) => apacheConfig(rulesWith(raw), options(listen)),
      ['/'],
    );
    expect(page?.get('x-probe')).toBe(raw);
  });

  it('Caddy sends braces and $ as they are, and refuses what it cannot spell', async () => {
    const [page] = await served(
      'caddy',
      (listen) => caddyConfig(rulesWith(caddySafe), options(listen)),
      ['/'],
    );
    expect(page?.get('x-probe')).toBe(caddySafe);
    expect(() => caddyConfig(rulesWith(raw), options('1'))).toThrow(/cannot hold/);
    expect(() => caddyConfig(rulesWith('{$HOME}'), options('1'))).toThrow(/cannot hold/);
  });

  it('refuses an Apache config variable, a control character and a base that is no folder', () => {
    expect(() => apacheConfig(rulesWith('a${HOME}'), options('1'))).toThrow(/config variable/);
    expect(() => nginxConfig(rulesWith('a\nb'), options('1'))).toThrow(/control character/);
    expect(() => checkedBase('/maps/../etc/')).toThrow(/not a folder path/);
    expect(() => checkedBase('/a b/')).toThrow(/not a folder path/);
    expect(checkedBase('maps/quakes')).toBe('/maps/quakes/');
  });
});

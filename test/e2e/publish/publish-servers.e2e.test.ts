// The build served as publishers serve it: Debian's nginx, Apache and Caddy, each started here on a
// loopback port with the config `npm run headers` prints, a host that applies dist/_headers (Netlify,
// Cloudflare Pages), and nginx again with the app in a sub-folder. On each: the files come with their
// media types, caching and ranges; the map draws; an approved query is answered; no Content-Security-
// Policy violation; the service worker becomes active; and a revisit with the network cut opens the app.
// They serve a copy of dist/ with the airports alone (contract/config-variant.ts, copyLightApp: the
// flights Parquet costs DuckDB about ten seconds a visit, and nothing here is about it).
import { readdirSync, readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromFile } from '../../../scripts/build/vite-plugin-security-headers';
import { headersForPath } from '../../../scripts/publish/content-security-policy';
import { writePrecacheManifest } from '../../../scripts/publish/precache-manifest';
import { publishHeaders, serverConfigs } from '../../../scripts/publish/publish-headers';
import { checkedBase } from '../../../scripts/publish/server-locations';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startHeadersFileServer } from '../../servers/headers-file-server';
import { distDir } from '../../servers/static-server';
import { startWebServer, type WebServerKind } from '../../servers/web-servers';
import { ask, openChat, waitForData, type ContractPage } from '../chat-page';
import { copyLightApp } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import { mapCanvasVariance } from '../map-page';
import { waitForOfflineCache } from '../offline/service-worker-steps';
import type { HeaderRule } from '../../../scripts/publish/content-security-policy';
import type { AppCopy } from '../../servers/app-copy';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

const COUNTED = 'SELECT count(*) AS airports FROM airports';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'count the airports',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: COUNTED } }] },
    },
    { user: 'count the airports', toolResult: '3376', reply: { text: 'There are 3376 airports.' } },
  ],
  fallback: { text: 'Fine.' },
};

/** A way of serving the build: a name, and a start that gives the app's address and a stop. */
interface Host {
  name: string;
  start(root: string, rules: HeaderRule[]): Promise<{ appUrl: string; stop(): Promise<void> }>;
}

function realServer(kind: WebServerKind, base = '/'): Host {
  return {
    name: base === '/' ? kind : `${kind} in ${base}`,
    async start(root, rules) {
      const write = (listen: string): string =>
        serverConfigs(rules, { root, base: checkedBase(base), listen })[kind];
      const server = await startWebServer(kind, write, root);
      return { appUrl: `${server.origin}${base}`, stop: server.stop };
    },
  };
}

const headersFileHost: Host = {
  name: 'a host that reads _headers',
  async start(root) {
    const server = await startHeadersFileServer(root);
    return { appUrl: `${server.url}/`, stop: server.stop };
  },
};

const hosts = [
  realServer('nginx'),
  realServer('apache'),
  realServer('caddy'),
  headersFileHost,
  realServer('nginx', '/maps/quakes/'),
];

/** Blocked loads the page recorded, and what the console said the policy refused (workers too). */
async function policyViolations(opened: ContractPage): Promise<string[]> {
  return [
    ...(await opened.cspViolations()),
    ...opened.consoleErrors.filter((message) => /Content.Security.Policy/i.test(message)),
  ];
}

/**
 * The map has drawn its basemap and the airports: MapLibre's worker cut their tiles (a worker refused
 * for its media type leaves the map blank) and the canvas is not one colour (a blank map's luminance
 * varies by less than 1; the basemap and the airports alone vary by about 9.5).
 */
async function expectMapDrawn(page: Page): Promise<void> {
  const airports = await page.evaluate(async () => {
    const map = window.mapwright!.map!;
    await map.whenIdle();
    return map.renderedFeatureCount('airports');
  });
  expect(airports).toBeGreaterThan(3000);
  expect(await mapCanvasVariance(page)).toBeGreaterThan(5);
}

const assets = readdirSync(join(distDir, 'assets'));

describe('the build on the servers publishers run', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let copy: AppCopy;
  let rules: HeaderRule[];
  beforeAll(async () => {
    let copied: Awaited<ReturnType<typeof copyLightApp>>;
    [browser, fake, copied] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      copyLightApp(),
    ]);
    copy = copied.copy;
    // The servers' workers may run as another user (Apache's as www-data).
    await chmod(copy.root, 0o755);
    writePrecacheManifest(copy.root);
    rules = publishHeaders(await configFromFile(join(copy.root, 'app-config.json'))).rules;
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), copy?.remove()]);
  });

  it('names every script with an extension a stock server types as JavaScript (no .mjs)', () => {
    const scripts = assets.filter((file) => /maplibre-gl-worker|duckdb-worker|\.m?js$/.test(file));
    expect(scripts.filter((file) => extname(file) !== '.js')).toEqual([]);
    // Debian's nginx table, which a publisher's server includes: every extension of the build's
    // scripts and WebAssembly is in it.
    const stock = readFileSync('/etc/nginx/mime.types', 'utf8');
    for (const extension of ['js', 'wasm'])
      expect(stock).toMatch(new RegExp(`\\s${extension}[;\\s]`));
  });

  for (const host of hosts) {
    it(`${host.name}: types, caching and ranges; the map, an answer, no policy violation, offline`, async () => {
      const served = await host.start(copy.root, rules);
      const at = (path: string): string => new URL(path, served.appUrl).href;
      try {
        // What the browser will be sent, file by file.
        const expected = (path: string) => headersForPath(rules, path);
        for (const file of assets.filter((name) => /\.(js|wasm)$/.test(name))) {
          const response = await fetch(at(`assets/${file}`), { method: 'HEAD' });
          expect(response.status, file).toBe(200);
          expect(response.headers.get('content-type'), file).toMatch(
            file.endsWith('.wasm') ? /^application\/wasm/ : /^text\/javascript/,
          );
          expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
          expect(response.headers.get('cache-control'), file).toBe(
            expected(`/assets/${file}`)['Cache-Control'],
          );
          expect(response.headers.get('content-security-policy'), file).toBe(
            expected(`/assets/${file}`)['Content-Security-Policy'],
          );
        }
        for (const path of ['', 'index.html', 'app-config.json', 'sw.js']) {
          const response = await fetch(at(path));
          expect(response.headers.get('cache-control'), path).toBe('no-cache');
          expect(response.headers.get('content-security-policy'), path).toBe(
            expected('/')['Content-Security-Policy'],
          );
        }
        const tiles = readdirSync(join(distDir, 'data', 'tiles'))[0];
        const range = await fetch(at(`data/tiles/${tiles}`), { headers: { Range: 'bytes=0-126' } });
        expect(range.status).toBe(206);
        expect((await range.arrayBuffer()).byteLength).toBe(127);

        // A person's visit.
        const opened = await openChat(browser, served.appUrl, {
          endpoint: fake.url,
          serviceWorkers: 'allow',
        });
        const { page, context } = opened;
        try {
          await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
          await expectMapDrawn(page);
          // DuckDB first (its module is the longest load of a visit), then the question.
          await waitForData(page);
          await ask(page, 'count the airports please');
          const card = page.locator('.mw-approval-card').last();
          await card.waitFor({ timeout: 60_000 });
          await card.getByRole('button', { name: 'Approve query' }).click();
          await page
            .locator('.mw-answer', { hasText: 'There are 3376 airports.' })
            .waitFor({ timeout: 60_000 });
          await waitForOfflineCache(page);

          // The network cut: the app opens from the kept copy.
          await context.setOffline(true);
          await page.reload({ waitUntil: 'commit' });
          await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
          await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
          expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
          await expectMapDrawn(page);

          expect(await policyViolations(opened)).toEqual([]);
          expect(opened.pageErrors).toEqual([]);
          expect(opened.outsideRequests).toEqual([]);
        } finally {
          await context.close();
        }
      } finally {
        await served.stop();
      }
    }, 240_000);
  }
});

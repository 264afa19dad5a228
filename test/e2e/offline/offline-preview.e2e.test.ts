// The offline copy on `npm start`'s own server (vite preview, which sends the headers of dist/_headers):
// it installs there (its compressed range answers once broke the files' checks), Settings says
// "Available offline", a revisit with the host gone opens the map and runs the bundled SQL, and a
// failed model call says the network is down. A revisit answered from the copy carries the page's
// policy as the first visit did, so another page of the same site cannot frame it, and a publisher's
// config change (`npm run headers -- DIR`) reaches the next revisit.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePrecacheManifest } from '../../../scripts/publish/precache-manifest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { startPreviewServer, type PreviewServer } from '../../servers/preview-server';
import { ask, openChat, waitForIdle } from '../chat-page';
import { copyLightApp } from '../contract/config-variant';
import { launchBrowser, openPage } from '../harness';
import { showSettings } from '../showcase';
import { cacheNewVersion, waitForOfflineCache } from './service-worker-steps';
import type { AppCopy } from '../../servers/app-copy';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

const run = promisify(execFile);
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

/** Writes `config` into the copy and runs `npm run headers -- DIR` on it, as the docs say. */
async function publish(copy: AppCopy, config: Record<string, unknown>): Promise<void> {
  await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(config, null, 2));
  // The script as npm runs it, without npx's own start-up (seconds on a busy machine).
  await run(process.execPath, ['--import', 'tsx', 'scripts/headers.ts', copy.root]);
}

/** Writes a config the page's stock policy already allows, and lists the copy's files in sw.js again. */
async function deploy(copy: AppCopy, config: Record<string, unknown>): Promise<void> {
  await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(config));
  writePrecacheManifest(copy.root);
}

/** Whether the host page's frame shows the app (rather than the browser's refusal). */
async function framedAppShows(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame || frame.url().startsWith('chrome-error:')) return false;
  try {
    await frame.waitForSelector('#app[data-ready="true"]', { timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

describe('the offline copy on npm start’s server', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let copy: AppCopy;
  let light: Record<string, unknown>;
  let host: LoopbackServer;
  beforeAll(async () => {
    let copied: Awaited<ReturnType<typeof copyLightApp>>;
    [browser, fake, copied] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      copyLightApp(),
    ]);
    ({ copy, config: light } = copied);
    // Another page of the same site (loopback, another port): a frame of whatever address it is given.
    host = await startLoopbackServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('app') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Other page</title><iframe src="${src}"></iframe>`);
    });
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), copy?.remove(), host?.stop()]);
  });

  it('installs, says "Available offline", and a revisit with the host gone opens the map and runs the bundled SQL', async () => {
    await deploy(copy, light);
    const server = await startPreviewServer(copy.root);
    const opened = await openChat(browser, `${server.url}/`, {
      endpoint: fake.url,
      serviceWorkers: 'allow',
    });
    const { page, context } = opened;
    await waitForOfflineCache(page);
    await showSettings(page);
    const status = page.locator('.mw-offline-status');
    await expect
      .poll(() => status.getAttribute('data-offline'), { timeout: 30_000 })
      .toBe('available');
    expect(await status.textContent()).toMatch(/^Available offline/);

    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    const airports = await page.evaluate(async () => {
      const map = window.mapwright!.map!;
      await map.whenIdle();
      return map.renderedFeatureCount('airports');
    });
    expect(airports).toBeGreaterThan(3000);

    // Offline, the model's failure names the network, not the server or CORS. The browser's emulated
    // offline state does not reach a document loaded after it was set (navigator.onLine reads true
    // there, unlike a device that is offline), so it is set again for the revisited page.
    await context.setOffline(false);
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await ask(page, 'count the airports please');
    const failure = page.locator('.mw-turn').last().locator('.mw-error');
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.locator('.mw-failure-title').textContent()).toBe('The network is down');
    expect(await failure.textContent()).not.toMatch(/CORS/);

    // The model comes back; the app's host stays gone. The query runs in the page, over the kept data.
    await context.setOffline(false);
    await ask(page, 'count the airports again');
    const card = page.locator('.mw-approval-card').last();
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page
      .locator('.mw-answer', { hasText: 'There are 3376 airports.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    expect(opened.pageErrors).toEqual([]);
    await context.close();
  });

  it('a file changed by hand after sw.js was written: Settings says the app is not kept offline, and why', async () => {
    await deploy(copy, light);
    // The copy's data files link to the build: the link is replaced, never written through.
    const airports = join(copy.root, 'data', 'airports.csv');
    const text = await readFile(airports, 'utf8');
    await rm(airports);
    await writeFile(airports, `${text}\n`);
    const server = await startPreviewServer(copy.root);
    try {
      const opened = await openChat(browser, `${server.url}/`, {
        endpoint: fake.url,
        serviceWorkers: 'allow',
      });
      await showSettings(opened.page);
      const status = opened.page.locator('.mw-offline-status');
      await expect
        .poll(() => status.getAttribute('data-offline'), { timeout: 60_000 })
        .toBe('failed');
      expect(await status.textContent()).toBe(
        'Not available offline: data/airports.csv on the server is not the file sw.js lists: the folder changed after sw.js was written (npm run precache -- dist lists it again).',
      );
      await opened.context.close();
    } finally {
      await server.stop();
      await rm(airports);
      await writeFile(airports, text);
    }
  });

  it('a revisit carries the first visit’s policy, so a frame on another page is refused; a config change reaches the next revisit', async () => {
    await publish(copy, {
      ...light,
      title: 'First policy',
      security: { connectSrc: ['https://mcp.example.org'] },
    });
    let server: PreviewServer = await startPreviewServer(copy.root);
    const appUrl = `${server.url}/`;
    const opened = await openPage(browser, { serviceWorkers: 'allow' });
    const { page, context } = opened;
    const first = await page.goto(appUrl);
    const firstPolicy = first?.headers()['content-security-policy'] ?? '';
    expect(firstPolicy).toContain("frame-ancestors 'none'");
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await waitForOfflineCache(page);

    // The revisit is answered by the offline copy, with the headers the host sent the first time.
    const revisit = await page.reload();
    expect(revisit?.fromServiceWorker()).toBe(true);
    expect(revisit?.headers()['content-security-policy']).toBe(firstPolicy);
    expect(revisit?.headers()['x-content-type-options']).toBe('nosniff');
    expect(revisit?.headers()['referrer-policy']).toBe('no-referrer');
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });

    // Another page of the same site frames the app: the copy answers, and the browser refuses it.
    const framing = await context.newPage();
    await framing.goto(`${host.url}/?app=${encodeURIComponent(appUrl)}`);
    expect(await framedAppShows(framing)).toBe(false);
    await framing.close();

    // The publisher drops the MCP server and loopback, runs `npm run headers`, restarts the host.
    await publish(copy, {
      ...light,
      title: 'Second policy',
      security: { allowLocalEndpoints: false },
    });
    await server.stop();
    server = await startPreviewServer(copy.root, Number(new URL(appUrl).port));
    // The page runs under the old version, which keeps the new one waiting until the page reloads.
    await cacheNewVersion(page, 'waiting');
    // The next visit takes the new version over (one tab open), then answers with its policy.
    await page.reload({ waitUntil: 'commit' });
    await expect
      .poll(() => page.title().catch(() => ''), { timeout: 60_000 })
      .toBe('Second policy');
    const next = await page.reload();
    expect(next?.fromServiceWorker()).toBe(true);
    const nextPolicy = next?.headers()['content-security-policy'] ?? '';
    expect(nextPolicy).toContain("frame-ancestors 'none'");
    expect(nextPolicy).not.toContain('mcp.example.org');
    expect(nextPolicy).not.toContain('127.0.0.1:*');
    const metaPolicy = await page.evaluate(
      () =>
        document
          .querySelector('meta[http-equiv="Content-Security-Policy"]')
          ?.getAttribute('content') ?? '',
    );
    expect(metaPolicy).not.toContain('mcp.example.org');
    expect(metaPolicy).not.toContain('127.0.0.1:*');
    expect(opened.pageErrors).toEqual([]);
    await context.close();
    await server.stop();
  });
});

// Offline after the first visit: the built app, served once, opens again with its host gone, draws
// the map from the kept tiles, runs an approved query over the kept data, and says the network is down
// when a model call fails with the network cut. A new deployment opens on the next visit, whole, with "Updated".
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePrecacheManifest } from '../../../scripts/publish/precache-manifest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { ask, openChat, waitForIdle } from '../chat-page';
import { copyLightApp } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import { cacheNewVersion, waitForOfflineCache } from './service-worker-steps';
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

/**
 * Settles once the page has no service worker and no offline cache left (or a minute has gone). Asked
 * again and again from here, since the page may reload itself meanwhile (a new version taking over).
 */
async function waitForNothingKept(page: Page): Promise<void> {
  const nothingKept = () =>
    page
      .evaluate(
        async () =>
          (await navigator.serviceWorker.getRegistrations()).length === 0 &&
          !(await caches.keys()).some((name) => name.startsWith('mapwright-offline-')),
      )
      .catch(() => false);
  await expect.poll(nothingKept, { timeout: 60_000, interval: 250 }).toBe(true);
}

/**
 * Reloads without waiting for the load event: a waiting version takes over by reloading the page once
 * more (src/offline/take-over.ts), which can replace this navigation before it loads.
 */
async function reload(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'commit' });
}

/** Writes a config into the copy and lists the copy's files in its sw.js again, as a deployment does. */
async function deploy(copy: AppCopy, config: Record<string, unknown>): Promise<void> {
  await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(config));
  writePrecacheManifest(copy.root);
}

describe('offline after the first visit', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let copy: AppCopy;
  let light: Record<string, unknown>;
  beforeAll(async () => {
    let copied: Awaited<ReturnType<typeof copyLightApp>>;
    [browser, fake, copied] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      copyLightApp(),
    ]);
    ({ copy, config: light } = copied);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), copy?.remove()]);
  });

  it('a revisit with the host gone opens the map, runs approved SQL over the kept data, and says the network is down when the model cannot be reached', async () => {
    await deploy(copy, light);
    const server = await startStaticServer(copy.root);
    const opened = await openChat(browser, `${server.url}/`, {
      endpoint: fake.url,
      serviceWorkers: 'allow',
    });
    const { page, context } = opened;
    await waitForOfflineCache(page);
    // Nothing of the app is on the network any more: the host is gone and the browser is offline.
    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The bundled layer and the basemap are drawn from the kept tiles.
    const drawn = await page.evaluate(async () => {
      const map = window.mapwright!.map!;
      await map.whenIdle();
      return {
        airports: map.renderedFeatureCount('airports'),
        land: map.renderedFeatureCount('land'),
      };
    });
    expect(drawn.airports).toBeGreaterThan(3000);
    expect(drawn.land).toBeGreaterThan(20);

    // The browser's emulated offline state does not reach a document loaded after it was set
    // (navigator.onLine reads true there, unlike a device that is offline): it is set again.
    await context.setOffline(false);
    await context.setOffline(true);
    await ask(page, 'count the airports please');
    const failure = page.locator('.mw-turn').last().locator('.mw-error');
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.locator('.mw-failure-title').textContent()).toBe('The network is down');

    // The model comes back (a local one, say); the app's host stays gone. The query runs in the page.
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
    expect(opened.outsideRequests).toEqual([]);
    await context.close();
  });

  it('a new deployment opens whole on the next visit, with a quiet "Updated" note', async () => {
    await deploy(copy, { ...light, title: 'First deployment' });
    const server = await startStaticServer(copy.root);
    const appUrl = `${server.url}/`;
    const opened = await openChat(browser, appUrl, {
      endpoint: fake.url,
      waitForChat: false,
      serviceWorkers: 'allow',
    });
    const { page, context } = opened;
    await waitForOfflineCache(page);
    expect(await page.title()).toBe('First deployment');

    await deploy(copy, { ...light, title: 'Second deployment' });
    // The open page stays on its version; the browser finds the new one and caches it whole. The page
    // opened before any version controlled it, so none holds the new one back.
    await cacheNewVersion(page, 'active');
    expect(await page.title()).toBe('First deployment');
    expect(await page.locator('.mw-updated-note').count()).toBe(0);

    // The next visit opens the new deployment, even with its host gone: it was cached whole.
    await server.stop();
    await context.setOffline(true);
    await reload(page);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await page.title()).toBe('Second deployment');
    const note = page.locator('.mw-updated-note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.getAttribute('role')).toBe('status');
    expect(await note.textContent()).toMatch(/^Updated/);
    expect(opened.pageErrors).toEqual([]);
    await context.close();
  });

  it('a new deployment waits while another tab runs the old one, and opens once it is closed', async () => {
    await deploy(copy, { ...light, title: 'Old tabs' });
    const server = await startStaticServer(copy.root);
    const appUrl = `${server.url}/`;
    const opened = await openChat(browser, appUrl, {
      endpoint: fake.url,
      waitForChat: false,
      serviceWorkers: 'allow',
    });
    const { page, context } = opened;
    await waitForOfflineCache(page);
    const other = await context.newPage();
    await other.goto(appUrl);
    await other.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });

    await deploy(copy, { ...light, title: 'New tabs' });
    await cacheNewVersion(page, 'waiting');
    await page.bringToFront();
    await page.reload();
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    // The other tab still runs the old build, so this one stays on it too.
    expect(await page.title()).toBe('Old tabs');
    expect(await other.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    await other.close();
    await reload(page);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await page.title()).toBe('New tabs');
    expect(opened.pageErrors).toEqual([]);
    await server.stop();
    await context.close();
  });

  it('offline: false in a new deployment removes the service worker and what it kept', async () => {
    await deploy(copy, light);
    const server = await startStaticServer(copy.root);
    const opened = await openChat(browser, `${server.url}/`, {
      endpoint: fake.url,
      waitForChat: false,
      serviceWorkers: 'allow',
    });
    const { page, context } = opened;
    await waitForOfflineCache(page);
    await deploy(copy, { ...light, offline: false });
    await cacheNewVersion(page, 'active');
    await reload(page);
    await waitForNothingKept(page);
    // With nothing kept, the page comes from the host again: with the host gone there is no app.
    await server.stop();
    await page.reload().catch(() => undefined);
    expect(await page.locator('#app').count()).toBe(0);
    await context.close();
  });
});

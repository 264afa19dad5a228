// The app mounted and destroyed 20 times in one page, as a page that embeds it and swaps it out would:
// every listener it put on the window or the document, every worker it started and its memory go with
// it, so the twentieth mount leaves the page where the first one did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightConfig, serveWithConfig, type ConfigVariant } from './contract/config-variant';
import { launchBrowser } from './harness';
import { heldCounters } from './held-resources';
import type { Browser, Page } from 'playwright-core';

const MOUNTS = 20;

/** What the page holds, as the init script counts it. */
interface Held {
  /** Each listener as `type|capture|w` (window) or `|d` (document). */
  listeners: string[];
  /** The script of each worker alive. */
  workers: string[];
  heapBytes: number;
}

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
  await page.evaluate(() => window.mapwright?.data);
  // The data engine preloads when the page is idle: let it, so each mount has started everything.
  await page.waitForTimeout(1_500);
}

async function held(page: Page): Promise<Held> {
  const session = await page.context().newCDPSession(page);
  for (let pass = 0; pass < 3; pass += 1) await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  const counts = (await page.evaluate('window.__held()')) as Omit<Held, 'heapBytes'>;
  return { ...counts, heapBytes: usedSize };
}

describe('mounting and destroying the app', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  beforeAll(async () => {
    [browser, variant] = await Promise.all([
      launchBrowser(),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), variant?.stop()]);
  });

  it(`${MOUNTS} times in one page leaves its listeners, workers and heap where the first mount did`, async () => {
    // A plain context: request interception (which the other tests use to block outside hosts) keeps
    // every request's record in the page's heap, which would hide what the app itself keeps.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error.message)));
    await page.addInitScript(heldCounters);
    await page.goto(variant.appUrl);
    await settled(page);
    // The first remount loads the chunks a mount needs once per page; the level is read after it.
    await page.evaluate(() => window.mapwrightPage?.remount());
    await settled(page);
    const first = await held(page);
    expect(first.workers.length).toBeGreaterThan(0);
    let middle = first;
    for (let mount = 1; mount <= MOUNTS; mount += 1) {
      await page.evaluate(() => window.mapwrightPage?.remount());
      await settled(page);
      if (mount === MOUNTS / 2) middle = await held(page);
    }
    const last = await held(page);
    expect(last.listeners).toEqual(first.listeners);
    expect(last.workers).toEqual(first.workers);
    // The heap settles: the browser's own buffers (resource timings, marks) fill over the first mounts,
    // then the last ten mounts add next to nothing. One mount kept alive (a map, a chat, a conversation)
    // would add megabytes each time.
    expect(last.heapBytes).toBeLessThan(first.heapBytes * 1.25);
    expect(last.heapBytes - middle.heapBytes).toBeLessThan(1.5 * 1024 * 1024);
    // Destroyed for good: nothing of the app is left on the window, no worker runs.
    await page.evaluate(() => window.mapwrightPage?.destroy());
    await expect.poll(async () => (await held(page)).workers, { timeout: 10_000 }).toEqual([]);
    expect(await page.evaluate(() => window.mapwright === undefined)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);
});

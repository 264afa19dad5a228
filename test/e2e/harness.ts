// The browser harness: Debian's Chromium driven by playwright-core, loopback only, page errors fail tests.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium';
import { startStaticServer } from '../servers/static-server';
import type { LoopbackServer } from '../servers/loopback';

/** The Chromium the tests launch (CHROMIUM_PATH, Debian's, or one on PATH: scripts/find-chromium.ts). */
export const chromiumPath = findChromium() ?? '/usr/bin/chromium';

/** The flags every browser test launches Chromium with. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Launches headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** True for URLs that stay on this machine (or never touch the network). */
export function isLoopbackUrl(url: string): boolean {
  const parsed = new URL(url);
  if (['data:', 'blob:', 'about:', 'chrome-error:'].includes(parsed.protocol)) return true;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A page under test, with what went wrong on it. */
export interface PageUnderTest {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors thrown in the page. */
  pageErrors: string[];
  /** Requests to anything but loopback; they are aborted before they leave. */
  outsideRequests: string[];
  /** Console messages of type error. */
  consoleErrors: string[];
}

/** Opens a fresh context whose requests outside loopback are recorded and aborted. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<PageUnderTest> {
  const context = await browser.newContext({ viewport, serviceWorkers });
  const pageErrors: string[] = [];
  const outsideRequests: string[] = [];
  const consoleErrors: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLoopbackUrl(url)) return route.continue();
    outsideRequests.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error.message)));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { page, context, pageErrors, outsideRequests, consoleErrors };
}

/** Opens the app in a fresh context and waits for the map's first idle (its bundled layers drawn). */
export async function openMapPage(
  browser: Browser,
  appUrl: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<PageUnderTest> {
  const opened = await openPage(browser, undefined, serviceWorkers);
  await opened.page.goto(appUrl);
  await opened.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  return opened;
}

/** A browser and the built app served on loopback, shared by the tests of one file. */
export interface AppHarness {
  browser: Browser;
  server: LoopbackServer;
  appUrl: string;
  close(): Promise<void>;
}

/** Starts Chromium and a static server over dist/. */
export async function startAppHarness(): Promise<AppHarness> {
  const [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
  return {
    browser,
    server,
    appUrl: `${server.url}/`,
    close: async () => {
      await Promise.allSettled([browser.close(), server.stop()]);
    },
  };
}

// The browser harness: Debian's Chromium driven by playwright-core, loopback only, page errors fail tests.
import { buffer } from 'node:stream/consumers';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type JSHandle,
  type Page,
} from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium';
import { startStaticServer } from '../servers/static-server';
import {
  configWithoutDatasets,
  configWithoutFlights,
  lightConfig,
  serveWithConfig,
  type ServedConfigVariant,
} from './contract/config-variant';
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

/** Launches a headless Chromium of the caller's own. */
export function launchOwnBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/**
 * The browser for a test file: under the browser test run, a connection to its worker's Chromium
 * (test/e2e/global-setup.ts), whose close() closes this file's contexts and leaves the browser to the
 * worker's next file; elsewhere (the benches) a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await workerBrowserEndpoint();
  if (!endpoint) return launchOwnBrowser();
  return chromium.connect(endpoint);
}

/** This worker's Chromium when this runs under the browser test run's global set-up. */
async function workerBrowserEndpoint(): Promise<string | undefined> {
  if (process.env.VITEST === undefined) return undefined;
  const { inject } = await import('vitest');
  const endpoints = inject('chromiumEndpoints') ?? [];
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return endpoints[(worker - 1) % Math.max(1, endpoints.length)];
}

/**
 * A downloaded file's text, read through Playwright: the worker's browser is reached over a socket,
 * so its downloads have no path on this side (`download.path()` refuses).
 */
export async function downloadedText(download: Download): Promise<string> {
  return (await downloadedBytes(download)).toString('utf8');
}

/** A downloaded file's bytes, read through Playwright as `downloadedText` reads its text. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
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

/**
 * Context options that keep a context's requests on loopback without intercepting any: a request to
 * another host goes to a proxy on port 0, where nothing can ever listen, and fails before it leaves the
 * machine (net::ERR_PROXY_CONNECTION_FAILED); loopback bypasses the proxy. Intercepting every request
 * (`context.route`) did the same, but sent each one, the app's own files and tiles too, through the
 * test process and back: 0.7 s of a boot at load 6–10 (bench/test-boot.bench.ts).
 */
export const loopbackOnly = {
  proxy: { server: 'http://127.0.0.1:0', bypass: 'localhost,127.0.0.1,[::1]' },
} satisfies BrowserContextOptions;

/** The context's requests to anything but loopback, recorded as they start (`loopbackOnly` stops them). */
export function recordOutsideRequests(context: BrowserContext): string[] {
  const outsideRequests: string[] = [];
  context.on('request', (request) => {
    if (!isLoopbackUrl(request.url())) outsideRequests.push(request.url());
  });
  return outsideRequests;
}

/**
 * The window a test opens unless it asks for another. A smaller one is cheaper (MapLibre draws through
 * SwiftShader on the processor: a boot that moves the map cost 3.8 CPU-s at 1280×800 and 3.1 at
 * 1024×640), but tests written for this size place the mouse and read the camera's zoom from it:
 * at 1024×640, map-tooltip's hover and map-uploads' Pacific zoom failed. A test that needs no size
 * may open a smaller one (conversation-crash: 800×600).
 */
export const defaultViewport = { width: 1280, height: 800 };

/** How a test's page is opened; every field has the default most tests want. */
export interface PageOptions {
  /** The window's size (default `defaultViewport`, 1280×800); a phone is 390×844. */
  viewport?: { width: number; height: number };
  /**
   * Service workers are blocked unless a test asks for them: the app's installs the whole build for
   * offline visits beside the boot (bench/test-boot.bench.ts: 4.4 CPU-seconds a boot with it blocked,
   * 6.2 allowed).
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * What an earlier context kept (`context.storageState()`): its localStorage and cookies, never its
   * sessionStorage, as when the person closes the browser and opens it again.
   */
  storageState?: BrowserContextOptions['storageState'];
  /**
   * The person's motion preference; tests open as a person who prefers reduced motion, so the map's
   * camera jumps where it would fly (MapLibre honours the preference): an animated move is 36 frames
   * that SwiftShader draws, about 1.2 CPU-s against 0.15 (four moves, a quiet machine), and uploads,
   * fly_to and "Zoom to layer" each make one. The benches, the screenshots and the phone layout's
   * checks of a fit open with `'no-preference'`, as most people do.
   */
  motion?: 'reduce' | 'no-preference';
}

/** A page as most people have it (the benches measure what they meet). */
export const asMostPeople: PageOptions = { motion: 'no-preference' };

/** Opens a fresh context whose requests outside loopback are recorded and stopped. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<PageUnderTest> {
  const context = await browser.newContext({
    viewport: options.viewport ?? defaultViewport,
    serviceWorkers: options.serviceWorkers ?? 'block',
    storageState: options.storageState,
    reducedMotion: options.motion ?? 'reduce',
    ...loopbackOnly,
  });
  const pageErrors: string[] = [];
  const outsideRequests = recordOutsideRequests(context);
  const consoleErrors: string[] = [];
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
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<PageUnderTest> {
  const opened = await openPage(browser, { serviceWorkers });
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

/** How a harness starts. */
export interface AppHarnessOptions {
  /**
   * Launch a Chromium of the file's own instead of connecting to the worker's: for tests that measure
   * the browser's processes (an earlier file's could linger) or hand it files of 100 MB (the worker's
   * browser is reached over a socket, which copies the file).
   */
  ownBrowser?: boolean;
  /**
   * The datasets the build is served with (contract/config-variant.ts):
   * - `'without flights'` (the default): the shipped config less the flights dataset, whose
   *   3-million-row Parquet loads in the background of every boot, about four CPU-seconds that compete
   *   with the test and the file running beside it (bench/boot-cpu.bench.ts);
   * - `'airports'`: the airports dataset only (lightConfig), for tests of the chat, SQL or
   *   conversations that need no other: DuckDB loads every declared table before the first query,
   *   and the county choropleth doubles the time to the first map frame;
   * - `'none'` (configWithoutDatasets), for tests of the chat and conversations that never query: the
   *   question box's first focus starts DuckDB only when a dataset is declared;
   * - `'shipped'`: the shipped config as it is, flights too.
   */
  datasets?: 'without flights' | 'airports' | 'none' | 'shipped';
}

/** The config each choice of `AppHarnessOptions.datasets` serves, but the shipped one. */
const configFor = {
  'without flights': configWithoutFlights,
  airports: lightConfig,
  none: configWithoutDatasets,
};

/** The build on a static server, with the datasets the options ask for. */
async function serveBuild(options: AppHarnessOptions): Promise<ServedConfigVariant> {
  const datasets = options.datasets ?? 'without flights';
  if (datasets !== 'shipped') return serveWithConfig(JSON.stringify(await configFor[datasets]()));
  const server = await startStaticServer();
  return { server, appUrl: `${server.url}/`, stop: () => server.stop() };
}

/** Starts Chromium (or connects to the worker's) and a static server over dist/. */
export async function startAppHarness(options: AppHarnessOptions = {}): Promise<AppHarness> {
  const [browser, served] = await Promise.all([
    options.ownBrowser ? launchOwnBrowser() : launchBrowser(),
    serveBuild(options),
  ]);
  return {
    browser,
    server: served.server,
    appUrl: served.appUrl,
    close: async () => {
      await Promise.allSettled([browser.close(), served.stop()]);
    },
  };
}

/**
 * Waits until `pageFunction` returns a truthy value in the page, asking it every 100 ms. Playwright's
 * waitForFunction asks at every animation frame by default, which keeps the page making frames for as
 * long as a test waits: 0.08 CPU-s each second in the app's page, against 0.006 asked every 100 ms
 * (8-second waits, three of each), on two cores the suite keeps busy. A wait that must see the very
 * frame something shows in asks for `polling: 'raf'`.
 */
export function waitInPage<R, Arg = undefined>(
  page: Page,
  pageFunction: (arg: Arg) => R | Promise<R>,
  arg?: Arg,
  options: { timeout?: number; polling?: number | 'raf' } = {},
): Promise<JSHandle<R>> {
  // eslint-disable-next-line no-restricted-properties -- the one call, with its polling set
  const waited = page.waitForFunction(pageFunction as never, arg, { polling: 100, ...options });
  return waited as unknown as Promise<JSHandle<R>>;
}

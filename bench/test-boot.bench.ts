// What one app boot costs the browser tests, split into its steps, and whether a browser cache shared
// between boots would make it cheaper. Each variant boots the built app (the airports-only config the
// chat tests use, and the shipped one) TEST_BOOT_RUNS times (3 by default), in turn, and prints medians
// in ms from navigation: map idle, chat ready, DuckDB's module instantiated, the first SQL answer, and
// the whole boot as the test waits for it (new context to first answer). Variants:
// - `fresh`: what the harness does, a new context each boot with every request intercepted (how the
//   tests keep traffic on loopback), which turns the HTTP cache off;
// - `fresh_unrouted`: a new context each boot, nothing intercepted (a new context's cache starts empty);
// - `shared_context`: one context for all boots, nothing intercepted, a new page each boot (its HTTP
//   cache, and V8's code cache kept with it, warm after the first);
// - `persistent`: one profile on disk for all boots (launchPersistentContext), a new page each boot.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { lightConfig, serveWithConfig } from '../test/e2e/contract/config-variant';
import { chromiumArgs, chromiumPath, launchOwnBrowser, openPage } from '../test/e2e/harness';
import { startStaticServer } from '../test/servers/static-server';
import { loadAverage, median } from './statistics';
import type { BrowserContext, Page } from 'playwright-core';

const runs = Number(process.env.TEST_BOOT_RUNS ?? 3);
// TEST_BOOT_VARIANTS (names, comma-separated) and TEST_BOOT_CONFIGS (airports, shipped) pick a part.
const picked = (name: string, list: string | undefined): boolean =>
  list === undefined || list.split(',').includes(name);
const sql = 'SELECT count(*) AS airports FROM airports';

// Sent as a string, so tsx's `__name` wrapper of named functions stays out of the page.
const sqlProbeScript = `void (async () => {
  while (!window.mapwright) await new Promise((resolve) => setTimeout(resolve, 5));
  const data = await window.mapwright.data;
  await data.engine.query(${JSON.stringify(sql)});
  window.__firstSqlAnswer = performance.now();
})()`;

/** One boot's milestones in ms from navigation, and the whole as the test's clock saw it. */
interface Boot {
  idle: number;
  chatReady: number;
  duckdbInstantiated: number;
  firstSqlAnswer: number;
  whole: number;
}

async function bootIn(page: Page, appUrl: string, started: number): Promise<Boot> {
  await page.goto(appUrl);
  await page.evaluate(sqlProbeScript);
  await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
  await page.waitForFunction(() => '__firstSqlAnswer' in window, undefined, { timeout: 120_000 });
  const whole = Date.now() - started;
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
    ),
  );
  const firstSqlAnswer = await page.evaluate(
    () => (window as unknown as { __firstSqlAnswer: number }).__firstSqlAnswer,
  );
  return {
    idle: marks['mapwright:map-idle'] ?? NaN,
    chatReady: marks['mapwright:chat-ready'] ?? NaN,
    duckdbInstantiated: marks['mapwright:duckdb-instantiated'] ?? NaN,
    firstSqlAnswer,
    whole,
  };
}

/** A variant: how a boot gets its page, and what is left to close after all boots. */
interface Variant {
  name: string;
  boot(appUrl: string): Promise<Boot>;
  close(): Promise<void>;
}

async function variants(): Promise<{ variants: Variant[]; close(): Promise<void> }> {
  const browser = await launchOwnBrowser();
  let shared: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), 'mapwright-test-boot-'));
  let persistent: BrowserContext | undefined;
  const list: Variant[] = [
    {
      name: 'fresh',
      boot: async (appUrl) => {
        const started = Date.now();
        const { page, context } = await openPage(browser);
        try {
          return await bootIn(page, appUrl, started);
        } finally {
          await context.close();
        }
      },
      close: async () => undefined,
    },
    {
      name: 'fresh_unrouted',
      boot: async (appUrl) => {
        const started = Date.now();
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          return await bootIn(await context.newPage(), appUrl, started);
        } finally {
          await context.close();
        }
      },
      close: async () => undefined,
    },
    {
      name: 'shared_context',
      boot: async (appUrl) => {
        shared ??= await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const started = Date.now();
        const page = await shared.newPage();
        try {
          return await bootIn(page, appUrl, started);
        } finally {
          await page.close();
        }
      },
      close: async () => {
        await shared?.close();
      },
    },
    {
      name: 'persistent',
      boot: async (appUrl) => {
        persistent ??= await chromium.launchPersistentContext(profile, {
          executablePath: chromiumPath,
          headless: true,
          args: chromiumArgs,
          viewport: { width: 1280, height: 800 },
        });
        const started = Date.now();
        const page = await persistent.newPage();
        try {
          return await bootIn(page, appUrl, started);
        } finally {
          await page.close();
        }
      },
      close: async () => {
        await persistent?.close();
      },
    },
  ];
  return {
    variants: list,
    close: async () => {
      for (const variant of list) await variant.close();
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs the benchmark and prints `key=value` lines. */
export async function run(): Promise<void> {
  console.log(`# load average before: ${loadAverage()}`);
  const light = await serveWithConfig(JSON.stringify(await lightConfig()));
  const full = await startStaticServer();
  const configs = [
    { name: 'airports', appUrl: light.appUrl },
    { name: 'shipped', appUrl: `${full.url}/` },
  ];
  const started = await variants();
  const all = started.variants.filter((variant) =>
    picked(variant.name, process.env.TEST_BOOT_VARIANTS),
  );
  try {
    for (const config of configs.filter((each) =>
      picked(each.name, process.env.TEST_BOOT_CONFIGS),
    )) {
      const boots = new Map<string, Boot[]>(all.map((variant) => [variant.name, []]));
      for (let index = 0; index < runs; index += 1)
        for (const variant of all) {
          const boot = await variant.boot(config.appUrl);
          boots.get(variant.name)?.push(boot);
          console.log(`# ${config.name} ${variant.name} run ${index + 1}: ${JSON.stringify(boot)}`);
        }
      for (const [name, list] of boots)
        for (const key of [
          'idle',
          'chatReady',
          'duckdbInstantiated',
          'firstSqlAnswer',
          'whole',
        ] as const)
          console.log(
            `${config.name}_${name}_${key}_ms=${Math.round(median(list.map((boot) => boot[key])))}`,
          );
    }
  } finally {
    await started.close();
    await Promise.allSettled([light.stop(), full.stop()]);
  }
  console.log(`# load average after: ${loadAverage()}`);
}

// Boot benchmark: loads the built app in headless Chromium (BOOT_BENCH_RUNS times, 7 by default) and
// reports medians, from navigation, of: the map's first idle, the chat ready, the first SQL answer (a
// query sent through window.mapwright as soon as the app exists, so it waits for DuckDB and its table)
// and the first pre-flight (a question asked as soon as the chat is ready, answered by a scripted model
// on loopback with a query; the figure is when the approval card shows its pre-flight). Also the gzipped
// JavaScript the map needs (every script requested before its layers were added) against what loads
// lazily. With MAPWRIGHT_PREVIOUS_DIST set, that build runs alternately with this one and its medians
// are printed beside (`previous_*`), so the machine's load falls on both alike. Then, for this build,
// the median of 3 first visits' time to the offline copy (bench/offline-ready.ts). MAP_DRAWING=off turns
// WebGL's draw and clear calls into no-ops (bench/map-drawing-off.ts), to separate the app's own cost
// from SwiftShader's drawing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  chromiumArgs,
  chromiumPath,
  launchBrowser,
  asMostPeople,
  openPage,
} from '../test/e2e/harness';
import { startFakeLlm } from '../test/servers/fake-llm/fake-llm-server';
import { distDir, startStaticServer } from '../test/servers/static-server';
import { mapDrawingOffScript, mapDrawingOn } from './map-drawing-off';
import { measureOfflineReady } from './offline-ready';
import { loadAverage, median } from './statistics';
import type { LoopbackServer } from '../test/servers/loopback';
import type { Browser, Page } from 'playwright-core';

const runs = Number(process.env.BOOT_BENCH_RUNS ?? 7);
// BOOT_LINK_MBPS serves the builds as a static host on a real connection does: through a link of that
// many megabits a second and BOOT_LINK_LATENCY_MS (20 by default) to the first byte, gzipped.
// BOOT_SECOND_VISIT=1 (with a link) measures a person's second visit: each profile first loads the app
// once, until its first SQL answer, so the browser's caches hold what that visit left there.
const secondVisit = process.env.BOOT_SECOND_VISIT === '1';
const link = process.env.BOOT_LINK_MBPS
  ? {
      megabitsPerSecond: Number(process.env.BOOT_LINK_MBPS),
      latencyMs: Number(process.env.BOOT_LINK_LATENCY_MS ?? 20),
    }
  : undefined;
const previousDist = process.env.MAPWRIGHT_PREVIOUS_DIST
  ? resolve(process.env.MAPWRIGHT_PREVIOUS_DIST)
  : undefined;

/** The question the scripted model answers with a query on a table the SQL probe does not touch. */
const question = 'How many earthquakes are there?';
const firstSql = 'SELECT count(*) AS airports FROM airports';

// Sent as a string, so tsx's `__name` wrapper of named functions stays out of the page.
const sqlProbeScript = `void (async () => {
  while (!window.mapwright) await new Promise((resolve) => setTimeout(resolve, 5));
  const data = await window.mapwright.data;
  await data.engine.query(${JSON.stringify(firstSql)});
  window.__firstSqlAnswer = performance.now();
})()`;

function gzipKb(folder: string, files: string[]): number {
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(folder, 'assets', file))).length,
    0,
  );
  return Math.round(bytes / 1024);
}

/** One boot: when each milestone came (ms from navigation), and which scripts the map needed. */
interface BootRun {
  idle: number;
  chatReady: number;
  firstSqlAnswer: number;
  firstPreflight: number;
  mapScripts: string[];
  /** Every `mapwright:*` performance mark (the first of each name), ms from navigation. */
  marks: Record<string, number>;
  /** Each dataset file (not the tiles): when its request started and when its last byte came. */
  dataFiles: { name: string; start: number; end: number }[];
}

/** The figures of a boot, in ms from navigation. */
type Milestone = 'idle' | 'chatReady' | 'firstSqlAnswer' | 'firstPreflight';

/** A build under test and its boots. */
interface Build {
  name: string;
  folder: string;
  server?: LoopbackServer;
  boots: BootRun[];
}

/**
 * A fresh browser page. Through a shaped link it is a fresh profile of its own, with the disk cache a
 * person's browser has (a private context keeps a small in-memory cache that drops DuckDB's module,
 * and intercepting requests to guard loopback would turn the cache off).
 */
async function freshPage(
  browser: Browser,
  appUrl: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  if (!link) {
    const { page, context } = await openPage(browser, asMostPeople);
    return { page, close: () => context.close() };
  }
  const profile = mkdtempSync(join(tmpdir(), 'mapwright-boot-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1280, height: 800 },
  });
  let page = context.pages()[0] ?? (await context.newPage());
  if (secondVisit) {
    await page.goto(appUrl);
    await page.evaluate(sqlProbeScript);
    await page.waitForFunction(() => '__firstSqlAnswer' in window, undefined, { timeout: 120_000 });
    // Time for the browser to write what it caches once a visit has used it.
    await page.waitForTimeout(2_000);
    await page.close();
    page = await context.newPage();
  }
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function boot(browser: Browser, appUrl: string, llmUrl: string): Promise<BootRun> {
  const { page, close } = await freshPage(browser, appUrl);
  try {
    const settings = { provider: 'local', endpoint: llmUrl, model: 'fake-model' };
    await page.addInitScript(
      (value) => localStorage.setItem('mapwright.llm', value),
      JSON.stringify({ ...settings, keyPersistence: 'session' }),
    );
    if (!mapDrawingOn) await page.addInitScript(mapDrawingOffScript);
    await page.goto(appUrl);
    await page.evaluate(sqlProbeScript);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
    await page.fill('.mw-input', question);
    await page.press('.mw-input', 'Enter');
    const preflightShown = await page.waitForFunction(
      () => (document.querySelector('.mw-preflight[data-parses]') ? performance.now() : 0),
      undefined,
      { polling: 'raf', timeout: 120_000 },
    );
    const firstPreflight = (await preflightShown.jsonValue()) as number;
    await page.waitForFunction(() => '__firstSqlAnswer' in window, undefined, {
      timeout: 120_000,
    });
    const measured = await page.evaluate(() => {
      // No named helper functions in here: tsx would wrap them in a `__name` the page lacks.
      const marks = Object.fromEntries(
        performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
      );
      const layersAdded = marks['mapwright:layers'] ?? NaN;
      return {
        idle: marks['mapwright:map-idle'] ?? NaN,
        chatReady: marks['mapwright:chat-ready'] ?? NaN,
        firstSqlAnswer: (window as unknown as { __firstSqlAnswer: number }).__firstSqlAnswer,
        marks: Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .filter((mark) => mark.name.startsWith('mapwright:'))
            .reverse()
            .map((mark) => [mark.name.slice('mapwright:'.length), Math.round(mark.startTime)]),
        ),
        // The chat, DuckDB and the MCP SDK load after the map has drawn: not needed for it.
        mapScripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < layersAdded && /\.m?js$/.test(entry.name))
          .map((entry) => entry.name.split('/').pop() ?? ''),
        dataFiles: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => /\/data\/[^/]+$/.test(entry.name))
          .map((entry) => ({
            name: entry.name.split('/').pop() ?? '',
            start: entry.startTime,
            end: entry.responseEnd,
          })),
      };
    });
    return { ...measured, firstPreflight };
  } finally {
    await close();
  }
}

function report(build: Build, prefix: string): void {
  const figure = (key: Milestone): number => Math.round(median(build.boots.map((run) => run[key])));
  // Initial JS: every script requested before the layers were added in any run (the entry, the map
  // chunk) and MapLibre's worker, which the map cannot draw without (its request is sometimes listed
  // late). Everything else is a dynamic import the map does not wait for.
  const initialScripts = new Set(build.boots.flatMap((run) => run.mapScripts));
  const scripts = readdirSync(join(build.folder, 'assets')).filter((file) => /\.m?js$/.test(file));
  const initial = scripts.filter(
    (file) => initialScripts.has(file) || file.startsWith('maplibre-gl-worker'),
  );
  const lazy = scripts.filter((file) => !initial.includes(file));
  console.log(`${prefix}boot_to_map_idle_ms=${figure('idle')}`);
  console.log(`${prefix}chat_ready_ms=${figure('chatReady')}`);
  console.log(`${prefix}first_sql_answer_ms=${figure('firstSqlAnswer')}`);
  console.log(`${prefix}first_preflight_ms=${figure('firstPreflight')}`);
  console.log(`${prefix}initial_js_kb_gzip=${gzipKb(build.folder, initial)}`);
  console.log(`${prefix}lazy_js_kb_gzip=${gzipKb(build.folder, lazy)}`);
  const runsOf = (key: Milestone): string =>
    build.boots.map((run) => Math.round(run[key])).join(',');
  console.log(
    `# ${build.name} runs: idle=${runsOf('idle')} chat=${runsOf('chatReady')} sql=${runsOf('firstSqlAnswer')} preflight=${runsOf('firstPreflight')}`,
  );
  console.log(`# ${build.name} initial=${initial.join(',')}`);
  const names = [...new Set(build.boots.flatMap((run) => run.dataFiles.map((file) => file.name)))];
  const timing = (name: string, key: 'start' | 'end'): number =>
    Math.round(
      median(
        build.boots.flatMap((run) =>
          run.dataFiles.filter((file) => file.name === name).map((file) => file[key]),
        ),
      ),
    );
  const markNames = [...new Set(build.boots.flatMap((run) => Object.keys(run.marks)))];
  const markMedians = markNames
    .map((name): [string, number] => [
      name,
      Math.round(median(build.boots.flatMap((run) => run.marks[name] ?? []))),
    ])
    .sort((a, b) => a[1] - b[1]);
  console.log(
    `# ${build.name} marks (median ms): ${markMedians.map(([name, at]) => `${name} ${at}`).join(', ')}`,
  );
  console.log(
    `# ${build.name} data files (median start-end ms): ${names.map((name) => `${name} ${timing(name, 'start')}-${timing(name, 'end')}`).join(', ')}`,
  );
}

/** Runs the benchmark and prints the medians (and the previous build's, when given). */
export async function run(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
      stdio: 'inherit',
    });
  }
  const builds: Build[] = [{ name: 'this build', folder: distDir, boots: [] }];
  if (previousDist) builds.push({ name: 'previous build', folder: previousDist, boots: [] });
  const loadBefore = loadAverage();
  let offline: { figure: string; runs: number[] } | undefined;
  const [browser, llm] = await Promise.all([
    launchBrowser(),
    startFakeLlm({
      script: {
        rules: [
          {
            user: 'earthquakes',
            reply: {
              toolCalls: [
                {
                  name: 'query',
                  arguments: { sql_query: 'SELECT count(*) AS quakes FROM earthquakes' },
                },
              ],
            },
          },
        ],
        fallback: { text: 'Done.' },
      },
    }),
  ]);
  try {
    for (const build of builds)
      build.server = await startStaticServer(build.folder, link ? { link } : {});
    for (let index = 0; index < runs; index += 1) {
      // Alternate which build goes first, so neither always boots right after the other.
      const order = index % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        build.boots.push(await boot(browser, `${build.server!.url}/`, llm.url));
      }
    }
    offline = await measureOfflineReady(browser, `${builds[0]!.server!.url}/`, llm.url);
  } finally {
    await Promise.allSettled([
      browser.close(),
      llm.stop(),
      ...builds.map((build) => build.server?.stop()),
    ]);
  }
  console.log(
    `# map_drawing=${mapDrawingOn ? 'on' : 'off'} runs=${runs} link=${link ? `${link.megabitsPerSecond} Mbit/s, ${link.latencyMs} ms, gzip` : 'loopback'} visit=${secondVisit && link ? 'second' : 'first'}`,
  );
  for (const [index, build] of builds.entries()) report(build, index === 0 ? '' : 'previous_');
  if (offline) {
    console.log(`${offline.figure}=${Math.round(median(offline.runs))}`);
    console.log(`# this build offline runs: ${offline.runs.join(',')}`);
  }
  console.log(`# load_average before=${loadBefore} after=${loadAverage()} (1, 5, 15 min; 2 cores)`);
}

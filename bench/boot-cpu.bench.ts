// What one boot of the built app costs in CPU time, the figure that decides how many browser test files
// can run at once on two cores. Boots the app BOOT_CPU_RUNS times (3 by default) in each variant, in
// turn: the airports-only config, the shipped one without the flights dataset (what most browser tests
// serve) and the shipped one, with the app's service worker blocked (as the tests run it); and the build
// as it is with the service worker allowed (as a visitor's browser does: it installs the offline copy
// beside the boot, and the boot counts until it is active). A changed config needs its sw.js written
// again (npm run precache), so the service worker is allowed only on the build as it is. A boot is from
// navigation until the chat is ready, the first SQL answer came, the map is idle and every declared
// table loaded. It reads the CPU seconds of this bench's own Chromium processes from /proc, split by
// thread kind, and prints medians as `key=value` lines. One more variant, `shipped_looks_only`, is the
// visitor who never asks: no SQL is sent, and the boot ends at the chat ready, the map idle and two
// idle periods after them (when DuckDB used to start by itself).
import { readdirSync, readFileSync } from 'node:fs';
import {
  configWithoutFlights,
  lightConfig,
  serveWithConfig,
  shippedConfig,
  type ServedConfigVariant,
} from '../test/e2e/contract/config-variant';
import { launchOwnBrowser, loopbackOnly } from '../test/e2e/harness';
import { startStaticServer } from '../test/servers/static-server';
import { loadAverage, median } from './statistics';
import type { Browser } from 'playwright-core';

const runs = Number(process.env.BOOT_CPU_RUNS ?? 3);
const ticksPerSecond = 100;

/** The parent of process `pid`, or undefined once it has gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** True when `pid` descends from this process (a Chromium this bench launched). */
function ours(pid: number): boolean {
  for (let current = parentOf(pid); current !== undefined && current > 1;) {
    if (current === process.pid) return true;
    current = parentOf(current);
  }
  return false;
}

/** A thread's kind: its process type and its name without numbers ("renderer DedicatedWorker"). */
function threadKind(commandLine: string, threadName: string): string {
  const type = /--type=([\w-]+)/.exec(commandLine)?.[1] ?? 'browser';
  return `${type} ${threadName.replace(/[\d#:]+$/, '').trim()}`;
}

/** CPU ticks used so far by this bench's Chromium, by thread kind. */
function cpuTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const pid = Number(entry);
    let commandLine: string;
    let threads: string[];
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!commandLine.includes('chrom') || !ours(pid)) continue;
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const used = Number(fields[11]) + Number(fields[12]);
        const kind = threadKind(commandLine, name);
        ticks.set(kind, (ticks.get(kind) ?? 0) + used);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return ticks;
}

/** Seconds of CPU by thread kind between two readings (threads that ended are not counted). */
function cpuBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const used = new Map<string, number>();
  for (const [kind, ticks] of after)
    used.set(kind, Math.max(0, ticks - (before.get(kind) ?? 0)) / ticksPerSecond);
  return used;
}

// Sent as a string, so tsx's `__name` wrapper of named functions stays out of the page.
const firstAnswerScript = `void (async () => {
  while (!window.mapwright) await new Promise((resolve) => setTimeout(resolve, 5));
  const data = await window.mapwright.data;
  await data.engine.query('SELECT count(*) FROM airports');
  window.__firstSqlAnswer = performance.now();
})()`;

/** One boot's CPU seconds by thread kind, and its wall time in ms. */
async function boot(
  browser: Browser,
  served: ServedConfigVariant,
  tables: string[],
  serviceWorkers: 'allow' | 'block',
  asks: boolean,
): Promise<{ cpu: Map<string, number>; wallMs: number }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
    ...loopbackOnly,
  });
  try {
    const page = await context.newPage();
    // A quiet moment first, so the new context's own start is not counted.
    await page.waitForTimeout(500);
    const before = cpuTicks();
    const started = Date.now();
    await page.goto(served.appUrl);
    if (!asks) {
      await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
      await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
      for (let period = 0; period < 2; period += 1)
        await page.evaluate(
          () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })),
        );
      return { cpu: cpuBetween(before, cpuTicks()), wallMs: Date.now() - started };
    }
    await page.evaluate(firstAnswerScript);
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
    await page.waitForFunction(() => '__firstSqlAnswer' in window, undefined, {
      timeout: 120_000,
    });
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
    await page.waitForFunction(
      (names) =>
        names.every(
          (name) => performance.getEntriesByName(`mapwright:table-loaded:${name}`).length > 0,
        ),
      tables,
      { timeout: 120_000 },
    );
    if (serviceWorkers === 'allow')
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        if (worker && worker.state !== 'activated')
          await new Promise((resolve) => worker.addEventListener('statechange', resolve));
      });
    const wallMs = Date.now() - started;
    return { cpu: cpuBetween(before, cpuTicks()), wallMs };
  } finally {
    await context.close();
  }
}

/** Runs the benchmark and prints `key=value` lines. */
export async function run(): Promise<void> {
  console.log(`# load average before: ${loadAverage()}`);
  const tablesOf = (config: Record<string, unknown>): string[] =>
    (config.datasets as { table: string }[]).map((dataset) => dataset.table);
  const variants = await Promise.all(
    (
      [
        ['airports', lightConfig],
        ['without_flights', configWithoutFlights],
        ['shipped', shippedConfig],
      ] as const
    ).map(async ([name, make]) => {
      const config = await make();
      const served = await serveWithConfig(JSON.stringify(config));
      return {
        name: `${name}_sw_blocked`,
        tables: tablesOf(config),
        served,
        sw: 'block' as 'allow' | 'block',
        asks: true,
      };
    }),
  );
  const built = await startStaticServer();
  variants.push({
    name: 'shipped_sw_allowed',
    tables: tablesOf(await shippedConfig()),
    served: { server: built, appUrl: `${built.url}/`, stop: () => built.stop() },
    sw: 'allow' as const,
    asks: true,
  });
  const shipped = variants.find((variant) => variant.name === 'shipped_sw_blocked')!;
  variants.push({ ...shipped, name: 'shipped_looks_only', asks: false });
  const browser = await launchOwnBrowser();
  const results = new Map<
    string,
    { total: number[]; wall: number[]; kinds: Map<string, number[]> }
  >();
  try {
    for (let index = 0; index < runs; index += 1)
      for (const variant of variants) {
        const { cpu, wallMs } = await boot(
          browser,
          variant.served,
          variant.tables,
          variant.sw,
          variant.asks,
        );
        const total = [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0);
        const entry = results.get(variant.name) ?? {
          total: [] as number[],
          wall: [] as number[],
          kinds: new Map<string, number[]>(),
        };
        entry.total.push(total);
        entry.wall.push(wallMs);
        for (const [kind, seconds] of cpu)
          entry.kinds.set(kind, [...(entry.kinds.get(kind) ?? []), seconds]);
        results.set(variant.name, entry);
        console.log(`# ${variant.name} run ${index + 1}: ${total.toFixed(2)} CPU-s, ${wallMs} ms`);
      }
    for (const [name, entry] of results) {
      console.log(`${name}_cpu_s=${median(entry.total).toFixed(2)}`);
      console.log(`${name}_wall_ms=${Math.round(median(entry.wall))}`);
      const kinds = [...entry.kinds]
        .map(([kind, list]) => [kind, median(list)] as const)
        .filter(([, seconds]) => seconds >= 0.1)
        .sort((a, b) => b[1] - a[1]);
      for (const [kind, seconds] of kinds)
        console.log(`# ${name} ${kind}: ${seconds.toFixed(2)} CPU-s`);
    }
  } finally {
    await browser.close();
    await Promise.allSettled(
      [...new Set(variants.map((variant) => variant.served))].map((served) => served.stop()),
    );
  }
  console.log(`# load average after: ${loadAverage()}`);
}

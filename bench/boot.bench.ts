// Boot benchmark: loads the built app in headless Chromium five times and reports the median time from
// navigation to the map's first idle, and the gzipped JavaScript the map needs (every script requested
// before its layers were added) versus what loads lazily (the chat, DuckDB, the MCP SDK...).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openPage, startAppHarness } from '../test/e2e/harness';
import { distDir } from '../test/servers/static-server';

const runs = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function gzipKb(files: string[]): number {
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(distDir, 'assets', file))).length,
    0,
  );
  return Math.round(bytes / 1024);
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** One boot: when the map went idle, when the chat was ready, and which scripts the map needed. */
interface BootRun {
  idle: number;
  chatReady: number;
  mapScripts: string[];
}

/** Runs the benchmark and prints boot_to_map_idle_ms, initial_js_kb_gzip and lazy_js_kb_gzip. */
export async function run(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
      stdio: 'inherit',
    });
  }
  const loadBefore = loadAverage();
  const harness = await startAppHarness();
  const measured: BootRun[] = [];
  try {
    for (let index = 0; index < runs; index += 1) {
      const { page, context } = await openPage(harness.browser);
      await page.goto(harness.appUrl);
      await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
      await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
      measured.push(
        await page.evaluate(() => {
          // No named helper functions in here: tsx would wrap them in a `__name` the page lacks.
          const marks = Object.fromEntries(
            performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
          );
          const layersAdded = marks['mapwright:layers'] ?? NaN;
          return {
            idle: marks['mapwright:map-idle'] ?? NaN,
            chatReady: marks['mapwright:chat-ready'] ?? NaN,
            // The chat, DuckDB and the MCP SDK load after the map has drawn: not needed for it.
            mapScripts: performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime < layersAdded && /\.m?js$/.test(entry.name))
              .map((entry) => entry.name.split('/').pop() ?? ''),
          };
        }),
      );
      await context.close();
    }
  } finally {
    await harness.close();
  }
  // Initial JS: every script requested before the layers were added in any run (the entry, the map
  // chunk) and MapLibre's worker, which the map cannot draw without (its request is sometimes listed
  // late). Everything else is a dynamic import the map does not wait for.
  const initialScripts = new Set(measured.flatMap((boot) => boot.mapScripts));
  const scripts = readdirSync(join(distDir, 'assets')).filter((file) => /\.m?js$/.test(file));
  const initial = scripts.filter(
    (file) => initialScripts.has(file) || file.startsWith('maplibre-gl-worker'),
  );
  const lazy = scripts.filter((file) => !initial.includes(file));
  const timings = measured.map((boot) => boot.idle);
  const chatTimings = measured.map((boot) => boot.chatReady);
  console.log(`boot_to_map_idle_ms=${Math.round(median(timings))}`);
  console.log(`initial_js_kb_gzip=${gzipKb(initial)}`);
  console.log(`lazy_js_kb_gzip=${gzipKb(lazy)}`);
  console.log(
    `# chat_ready_ms=${Math.round(median(chatTimings))} (median; runs ${chatTimings.map(Math.round).join(',')})`,
  );
  console.log(`# runs_ms=${timings.map(Math.round).join(',')} initial=${initial.join(',')}`);
  console.log(`# load_average before=${loadBefore} after=${loadAverage()} (1, 5, 15 min)`);
}

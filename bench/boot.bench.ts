// Boot benchmark: loads the built app in headless Chromium five times and reports the median time from
// navigation to the map's first idle, and the gzipped JavaScript needed before the map is interactive
// (everything the page requested by then) versus what loads lazily (DuckDB, the MCP SDK, the chat...).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Runs the benchmark and prints boot_to_map_idle_ms, initial_js_kb_gzip and lazy_js_kb_gzip. */
export async function run(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
      stdio: 'inherit',
    });
  }
  const harness = await startAppHarness();
  const timings: number[] = [];
  try {
    for (let index = 0; index < runs; index += 1) {
      const { page, context } = await openPage(harness.browser);
      await page.goto(harness.appUrl);
      await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
      const measured = await page.evaluate(() => ({
        idle: performance.getEntriesByName('mapwright:map-idle')[0]?.startTime ?? NaN,
      }));
      timings.push(measured.idle);
      await context.close();
    }
  } finally {
    await harness.close();
  }
  // Initial JS: what index.html loads (entry script and its preloaded static imports) plus MapLibre's
  // worker. Everything else is a dynamic import that the map does not wait for.
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initialScripts = new Set(
    [...html.matchAll(/(?:src|href)="\.?\/?assets\/([^"]+\.m?js)"/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  const scripts = readdirSync(join(distDir, 'assets')).filter((file) => /\.m?js$/.test(file));
  const initial = scripts.filter(
    (file) => initialScripts.has(file) || file.startsWith('maplibre-gl-worker'),
  );
  const lazy = scripts.filter((file) => !initialScripts.has(file));
  console.log(`boot_to_map_idle_ms=${Math.round(median(timings))}`);
  console.log(`initial_js_kb_gzip=${gzipKb(initial)}`);
  console.log(`lazy_js_kb_gzip=${gzipKb(lazy)}`);
  console.log(`# runs_ms=${timings.map(Math.round).join(',')} initial=${initial.join(',')}`);
}

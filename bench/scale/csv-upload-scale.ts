// Uploaded CSVs of 10, 100 and 500 MB (points with lon/lat), picked through "Add data" in the built
// app: the time from the pick until SQL can count the table's rows, and the renderer processes' peak
// resident memory over the page's before the pick (DuckDB's WebAssembly memory among them), sampled
// every 250 ms until then. The layer drawn after the table is not in these figures. With
// MAPWRIGHT_PREVIOUS_DIST set, that build runs alternately with this one (`previous_*` lines); its
// 500 MB run only with UPLOAD_PREVIOUS_500=1 (it reads the file whole into the page, twice over, and
// its config allowed 200 MB at most).
// UPLOAD_CSV_RUNS (3) runs per size, UPLOAD_CSV_SIZES (10,100,500) the sizes in MB.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeLargeCsv } from '../../test/e2e/fixtures-large-csv';
import { launchBrowser, asMostPeople, openPage } from '../../test/e2e/harness';
import { rendererResidentBytes } from '../../test/e2e/process-memory';
import { startStaticServer } from '../../test/servers/static-server';
import { mapDrawingOffScript } from '../map-drawing-off';
import { median } from '../statistics';
import type { Browser } from 'playwright-core';

const runs = Number(process.env.UPLOAD_CSV_RUNS ?? 3);
const sizes = (process.env.UPLOAD_CSV_SIZES ?? '10,100,500').split(',').map(Number);
const timeoutMs = 240_000;
/** The limit the bench's config sets: above the largest size (the build before allowed 200 MB at most). */
const uploadLimitBytes = 1024 * 1024 * 1024;

/** Sent as a string, so tsx's helpers stay out of the page: times the pick until the table counts. */
const watchScript = `(() => {
  const found = {};
  window.__csvUpload = found;
  document.addEventListener('change', () => {
    found.picked = performance.now();
    const poll = async () => {
      try {
        const data = await window.mapwright.data;
        const rows = (await data.engine.query('SELECT count(*) AS n FROM big')).rows;
        found.rows = Number(rows[0].n);
        found.queryable = performance.now();
      } catch {
        setTimeout(poll, 250);
      }
    };
    setTimeout(poll, 250);
  }, true);
})()`;

interface CsvFigures {
  queryableMs: number | undefined;
  peakGrowthBytes: number | undefined;
  /** DuckDB's own count (`duckdb_memory()`) once the table is queryable, over its count before. */
  duckdbGrowthBytes: number | undefined;
}

/** What DuckDB's buffer manager holds in the page, in bytes. */
const duckdbBytesScript = `(async () => {
  const data = await window.mapwright.data;
  const rows = (await data.engine.query('SELECT sum(memory_usage_bytes)::DOUBLE AS b FROM duckdb_memory()')).rows;
  return Number(rows[0].b);
})()`;

async function uploadOnce(browser: Browser, appUrl: string, file: string): Promise<CsvFigures> {
  const { page, context } = await openPage(browser, asMostPeople);
  try {
    // The 500 MB file is past the default limit (200 MB): the publisher's config allows it here.
    await page.route('**/app-config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { limits?: Record<string, unknown> };
      config.limits = { ...config.limits, uploadMaxBytes: uploadLimitBytes };
      await route.fulfill({ response, json: config });
    });
    await page.addInitScript(mapDrawingOffScript);
    await page.goto(appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await page.evaluate(async () => {
      const data = await window.mapwright!.data;
      await data!.engine.query('SELECT 1');
      // The decoder's worker that decoded the bundled tables goes 10 s after, its memory with it:
      // measured before that, its going would hide the upload's growth.
      await new Promise((done) => setTimeout(done, 11_000));
    });
    await page.evaluate(watchScript);
    const duckdbBefore = (await page.evaluate(duckdbBytesScript)) as number;
    const before = await rendererResidentBytes(browser);
    let peak = before;
    await page.locator('.upload-input').setInputFiles(file);
    const started = Date.now();
    let found: { picked?: number; queryable?: number } = {};
    while (Date.now() - started < timeoutMs) {
      const resident = await rendererResidentBytes(browser).catch(() => undefined);
      if (resident !== undefined && peak !== undefined) peak = Math.max(peak, resident);
      found = await page.evaluate(
        () => (window as { __csvUpload?: { picked?: number; queryable?: number } }).__csvUpload!,
      );
      if (found.queryable !== undefined) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    return {
      queryableMs:
        found.queryable !== undefined && found.picked !== undefined
          ? found.queryable - found.picked
          : undefined,
      peakGrowthBytes: before !== undefined && peak !== undefined ? peak - before : undefined,
      duckdbGrowthBytes:
        found.queryable !== undefined
          ? ((await page.evaluate(duckdbBytesScript)) as number) - duckdbBefore
          : undefined,
    };
  } finally {
    await context.close();
  }
}

function print(prefix: string, megabytes: number, samples: CsvFigures[]): void {
  const figure = (pick: (sample: CsvFigures) => number | undefined, scale: number): string => {
    const values = samples.map(pick);
    const known = values.filter((value): value is number => value !== undefined);
    const each = values.map((value) =>
      value === undefined ? 'timeout' : Math.round(value / scale),
    );
    return `${known.length > 0 ? Math.round(median(known) / scale) : 'timeout'} (${each.join(' / ')})`;
  };
  console.log(
    `${prefix}csv_upload_queryable_ms_at_${megabytes}mb=${figure((sample) => sample.queryableMs, 1)}`,
  );
  console.log(
    `${prefix}csv_upload_peak_memory_growth_mb_at_${megabytes}mb=${figure((sample) => sample.peakGrowthBytes, 1e6)}`,
  );
  console.log(
    `${prefix}csv_upload_duckdb_memory_growth_mb_at_${megabytes}mb=${figure((sample) => sample.duckdbGrowthBytes, 1e6)}`,
  );
}

/** Prints each size's figures (median, then each run), this build's and the previous one's. */
export async function runCsvUploadScale(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'mapwright-csv-bench-'));
  const previousDist = process.env.MAPWRIGHT_PREVIOUS_DIST;
  const [browser, server, previous] = await Promise.all([
    launchBrowser(),
    startStaticServer(),
    previousDist ? startStaticServer(resolve(previousDist)) : undefined,
  ]);
  try {
    for (const megabytes of sizes) {
      const file = join(folder, 'big.csv');
      await writeLargeCsv(file, megabytes);
      const now: CsvFigures[] = [];
      const before: CsvFigures[] = [];
      const withPrevious = previous && (megabytes < 500 || process.env.UPLOAD_PREVIOUS_500 === '1');
      for (let run = 0; run < runs; run += 1) {
        now.push(await uploadOnce(browser, `${server.url}/`, file));
        if (withPrevious) before.push(await uploadOnce(browser, `${previous.url}/`, file));
      }
      print('', megabytes, now);
      if (withPrevious) print('previous_', megabytes, before);
      await rm(file, { force: true });
    }
  } finally {
    await Promise.allSettled([browser.close(), server.stop(), previous?.stop()]);
    await rm(folder, { recursive: true, force: true });
  }
}

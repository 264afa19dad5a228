// A 100 MB CSV (about 1.3 M rows with lon/lat) added through "Add data" in the built app: DuckDB reads
// the file where it is, the progress line shows percent and bytes, Cancel stops it and lets the memory
// go, and a completed upload is queryable before its layer is drawn (the notice does not claim a layer
// that is not drawn yet). Memory: the page's JS heap (the page never holds the file), DuckDB's own count
// (`duckdb_memory()`, which a cancel returns to where it was), and the renderer processes' resident size
// from /proc (the page's thread and its workers; WebAssembly memory never shrinks, so a cancel leaves
// what DuckDB touched reserved for its next load). DuckDB's table of this file holds about three times
// the file's bytes (short strings): that is the table, not a copy of the file.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDrawingOffScript } from '../../../bench/map-drawing-off';
import { writeLargeCsv } from '../fixtures-large-csv';
import {
  openPage,
  startAppHarness,
  type AppHarness,
  type PageUnderTest,
  waitInPage,
} from '../harness';
import { pageHeapBytes, rendererResidentBytes } from '../process-memory';
import type { Page } from 'playwright-core';

const megabytes = 100;

/** The notices about uploads, in order. */
function uploadNotices(page: Page): Promise<string[]> {
  return page.locator('.notice-banner li[data-kind="upload"]').allTextContents();
}

/** The memory DuckDB holds (its buffer manager's count, inside its WebAssembly memory), in bytes. */
async function duckdbMemory(page: Page): Promise<number> {
  const [row] = await sql(page, 'SELECT sum(memory_usage_bytes) AS bytes FROM duckdb_memory()');
  return Number(row?.bytes ?? 0);
}

/** Rows of SQL run by the page's engine. */
function sql(page: Page, query: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(async (query) => {
    const data = await window.mapwright!.data;
    return (await data!.engine.query(query)).rows;
  }, query);
}

describe('a 100 MB CSV upload', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;
  let folder: string;
  let file: string;
  let rows: number;
  let fileBytes: number;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-large-csv-'));
    file = join(folder, 'big.csv');
    // Written while the app boots and settles (neither is measured), not before.
    const written = writeLargeCsv(file, megabytes);
    // The shipped datasets, flights too: the memory it measures grows from where the shipped app stands
    // (DuckDB's WebAssembly memory, grown by the flights table, never shrinks), as before.
    harness = await startAppHarness({ ownBrowser: true, datasets: 'shipped' });
    underTest = await openPage(harness.browser);
    // SwiftShader's frames are not the upload's work.
    await underTest.page.addInitScript(mapDrawingOffScript);
    await underTest.page.goto(harness.appUrl);
    await underTest.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    // DuckDB started and the bundled tables loaded, and the decoder's worker that decoded them gone
    // (10 s after its last file, with its memory): none of that is the upload's.
    await sql(underTest.page, 'SELECT 1 AS ready');
    [rows] = await Promise.all([
      written,
      underTest.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 11_000))),
    ]);
    fileBytes = (await stat(file)).size;
  }, 90_000);
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('shows its progress in percent and bytes, and Cancel stops it and lets its memory go', async () => {
    const { page, context } = underTest;
    const residentBefore = await rendererResidentBytes(context.browser()!);
    const heapBefore = await pageHeapBytes(page);
    const duckdbBefore = await duckdbMemory(page);
    await page.locator('.upload-input').setInputFiles(file);
    const progress = page.locator('.upload-progress');
    // A share of the file read, as DuckDB scans it: more than nothing, not yet all.
    await waitInPage(
      page,
      () => {
        const share = /(\d+)% \([\d.]+ of 100 MB\)/.exec(
          document.querySelector('.upload-progress')?.textContent ?? '',
        );
        return share !== null && Number(share[1]) > 0 && Number(share[1]) < 100;
      },
      undefined,
      { timeout: 30_000, polling: 20 },
    );
    expect(await progress.textContent()).toMatch(/Loading big\.csv… \d+% \([\d.]+ of 100 MB\)/);
    const bar = await progress.locator('progress').evaluate((element: HTMLProgressElement) => ({
      value: element.value,
      max: element.max,
    }));
    expect(bar.max).toBe(fileBytes);
    expect(bar.value).toBeGreaterThan(0);
    const cancelled = Date.now();
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'hidden', timeout: 10_000 });
    const stoppedMs = Date.now() - cancelled;
    expect(await uploadNotices(page)).toEqual(['Adding big.csv was cancelled.']);
    expect(
      await sql(page, "SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'big'"),
    ).toEqual([{ n: 0 }]);
    expect(await page.evaluate(() => window.mapwright!.catalog.get('big'))).toBeUndefined();
    // The page's thread never held the file; DuckDB's worker dropped what it read (WebAssembly memory
    // does not shrink, but it is DuckDB's to reuse: the next upload below does not grow past it).
    const heapAfter = await pageHeapBytes(page);
    expect(heapAfter - heapBefore).toBeLessThan(0.1 * fileBytes);
    const duckdbAfter = await duckdbMemory(page);
    expect(duckdbAfter - duckdbBefore).toBeLessThan(0.1 * fileBytes);
    const residentAfter = await rendererResidentBytes(context.browser()!);
    console.log(
      `cancel: stopped in ${stoppedMs} ms; page heap ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB; DuckDB ${((duckdbAfter - duckdbBefore) / 1e6).toFixed(1)} MB; renderers ${residentBefore === undefined || residentAfter === undefined ? 'unmeasured' : `${((residentAfter - residentBefore) / 1e6).toFixed(0)} MB`}`,
    );
    if (residentBefore !== undefined && residentAfter !== undefined)
      expect(residentAfter - residentBefore).toBeLessThan(1.5 * fileBytes);
  }, 60_000);

  it('once added, is queryable before its layer is drawn, and the page holds no copy of it', async () => {
    const { page, context } = underTest;
    await page.getByRole('button', { name: 'Dismiss' }).click();
    const residentBefore = await rendererResidentBytes(context.browser()!);
    const heapBefore = await pageHeapBytes(page);
    const heldBefore = await duckdbMemory(page);
    const picked = Date.now();
    await page.locator('.upload-input').setInputFiles(file);
    const notice = page.locator('.notice-banner li[data-kind="upload"]');
    await notice.first().waitFor({ timeout: 45_000 });
    const queryableMs = Date.now() - picked;
    expect(await notice.first().textContent()).toBe(
      `big.csv was added as table big (${rows} rows); its points are being drawn as layer big.`,
    );
    expect(await sql(page, 'SELECT count(*) AS n, max(id) AS last FROM big')).toEqual([
      { n: rows, last: rows - 1 },
    ]);
    expect((await pageHeapBytes(page)) - heapBefore).toBeLessThan(0.1 * fileBytes);
    const residentAfter = await rendererResidentBytes(context.browser()!);
    const held = (await duckdbMemory(page)) - heldBefore;
    console.log(
      `upload: queryable in ${queryableMs} ms; DuckDB +${(held / 1e6).toFixed(0)} MB; renderers ${residentBefore === undefined || residentAfter === undefined ? 'unmeasured' : `+${((residentAfter - residentBefore) / 1e6).toFixed(0)} MB`}`,
    );
    // A file of this size makes a plain table (ready in half the time of a compressed one): DuckDB holds
    // under 1.5 times the file (about 1.4), and the browser grows by less than that too.
    expect(held).toBeLessThan(1.5 * fileBytes);
    if (residentBefore !== undefined && residentAfter !== undefined)
      expect(residentAfter - residentBefore).toBeLessThan(1.5 * fileBytes);
    // The layer is drawn after, from the table's points (the file is not parsed again); the line says
    // so meanwhile, and a second notice once it is drawn.
    expect(await page.locator('.upload-progress').textContent()).toContain('Drawing big.csv…');
    const drawn = notice.filter({ hasText: 'big.csv is drawn as layer big (' });
    await drawn.waitFor({ timeout: 60_000 });
    const drawnMs = Date.now() - picked - queryableMs;
    expect(await drawn.textContent()).toContain(`(${rows} features)`);
    expect(await page.evaluate(() => window.mapwright!.map!.getLayer('big')?.featureCount)).toBe(
      rows,
    );
    console.log(`upload: layer drawn ${drawnMs} ms after the table was queryable`);
    expect(underTest.pageErrors).toEqual([]);
  }, 120_000);
});

// A large upload leaves the page responsive: a GeoJSON of 100,000 points (18 MB) is read, its features
// made and its layer tiled off the page's thread (the page never reads the file whole nor parses it;
// MapLibre gets tiles cut in the worker), and the layer is drawn with every feature. A long-task
// observer checks that no task on the page's thread took over 100 ms from the pick until the table is
// loaded; on a machine busier than its cores that limit grows with the load average (every task there
// is slower), and the reads and parses watched below are the part no load can excuse.
// `SCALE_PARTS=upload npm run bench -- scale` measures the tasks over several runs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDrawingOffScript } from '../../../bench/map-drawing-off';
import { pointsGeoJson } from '../../../bench/points-geojson';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';

/** The longest text the page's own thread gave JSON.parse (workers have their own JSON). */
type ParseWatchWindow = Window & { longestParsed?: number };

/** The page's long tasks (over 50 ms), with where they came from, while the watch runs. */
type LongTaskWindow = Window & { longTasks?: { duration: number; name: string }[] };

/** The largest file or blob the page's own thread read whole (workers read theirs). */
type BlobReadWindow = Window & { largestBlobRead?: number };

/** Watches every way the page's thread can read a Blob whole: reading an 18 MB file was a 217 ms task. */
const watchBlobReads = `(() => {
  window.largestBlobRead = 0;
  const note = (blob) => { window.largestBlobRead = Math.max(window.largestBlobRead, blob.size); };
  for (const name of ['arrayBuffer', 'text', 'stream', 'bytes']) {
    const read = Blob.prototype[name];
    if (typeof read === 'function')
      Blob.prototype[name] = function (...args) { note(this); return read.apply(this, args); };
  }
  for (const name of ['readAsArrayBuffer', 'readAsText', 'readAsDataURL', 'readAsBinaryString']) {
    const read = FileReader.prototype[name];
    FileReader.prototype[name] = function (blob, ...args) { note(blob); return read.call(this, blob, ...args); };
  }
})()`;

/** Records the page's long tasks from the moment it is run: the page's thread is the one a person feels. */
const watchLongTasks = `(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.longTasks.push({ duration: entry.duration, name: entry.name });
  }).observe({ type: 'longtask' });
})()`;

/** Watches JSON.parse on the page's thread: an upload's parse there is what froze the page. */
const watchJsonParse = `(() => {
  const parse = JSON.parse;
  window.longestParsed = 0;
  JSON.parse = function (text, reviver) {
    if (typeof text === 'string') window.longestParsed = Math.max(window.longestParsed, text.length);
    return parse.call(this, text, reviver);
  };
})()`;

describe('a large upload', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;

  let folder: string;
  let file: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-upload-'));
    file = join(folder, 'sites.geojson');
    await writeFile(file, pointsGeoJson(100_000));
    harness = await startAppHarness();
    underTest = await openPage(harness.browser);
    // SwiftShader's frames (tens of ms each in a software renderer) are not the upload's work.
    await underTest.page.addInitScript(mapDrawingOffScript);
    await underTest.page.addInitScript(watchJsonParse);
    await underTest.page.addInitScript(watchBlobReads);
    await underTest.page.goto(harness.appUrl);
    await underTest.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    // The data side starts when the page is idle; its start is not the upload's either.
    await underTest.page.evaluate(async () => {
      await window.mapwright!.data;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
  }, 90_000);
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is parsed and tiled off the page, and draws all of its 100,000 points', async () => {
    const { page } = underTest;
    await page.evaluate(watchLongTasks);
    // From a file on disk: given a buffer, Playwright builds the File in the page (a 1.7 s task).
    await page.locator('.upload-input').setInputFiles(file);
    const notice = page.locator('.notice-banner li[data-kind="upload"]');
    await notice.first().waitFor({ timeout: 60_000 });
    expect(await notice.first().textContent()).toContain(
      'added as table sites and drawn as layer sites (100000 features)',
    );
    // Until SQL can read the table too: the table's load is part of the upload.
    await page.locator('.upload-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    // From the pick until the table is loaded, no task held the page's thread for long (reading the
    // 18 MB file into the page ended in one of 217-371 ms).
    const longTasks = await page.evaluate(() => (window as LongTaskWindow).longTasks ?? []);
    const allowedMs = 100 * Math.max(1, (loadavg()[0] ?? 0) / cpus().length);
    expect(longTasks.filter((task) => task.duration > allowedMs)).toEqual([]);
    // The file went to the workers as it is: the page read no more than its first bytes.
    expect(await page.evaluate(() => (window as BlobReadWindow).largestBlobRead)).toBeLessThan(
      1_000_000,
    );
    await page.evaluate(async () => {
      // The camera glides to the layer and the tiles in view are cut and drawn.
      await new Promise((resolve) => setTimeout(resolve, 800));
      await window.mapwright!.map!.whenIdle();
    });
    // Counting what is in view asks MapLibre for every drawn feature: a long task of the test's own.
    const drawn = await page.evaluate(async () => {
      const map = window.mapwright!.map!;
      const inView = await map.countFeaturesInView('sites');
      const source = map.map.getStyle().sources.sites as { type: string; tiles?: string[] };
      return {
        inView,
        layer: map.getLayer('sites'),
        bounds: map.layerBounds('sites'),
        source: { type: source.type, tiles: source.tiles },
        longestParsed: (window as ParseWatchWindow).longestParsed ?? 0,
      };
    });
    expect(drawn.layer?.featureCount).toBe(100_000);
    expect(drawn.layer?.properties).toEqual(['id', 'name', 'value', 'kind']);
    expect(drawn.inView).toBeGreaterThan(1000);
    expect(drawn.bounds?.[0]).toBeCloseTo(-125, 0);
    // The 18 MB file was never parsed on the page's thread (the build before parsed it there whole),
    // and MapLibre draws tiles cut in the worker, not a collection cloned from the page.
    expect(drawn.longestParsed).toBeLessThan(1_000_000);
    expect(drawn.source.type).toBe('vector');
    expect(drawn.source.tiles?.[0]).toMatch(/^mapwright-tiles:\/\//);
  }, 120_000);
});

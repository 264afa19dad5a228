// An uploaded GeoJSON of 100,000 points (18 MB), added through "Add data" in the built app: the page's
// longest task from the pick until the layer is drawn and the table loaded for SQL (what a person
// typing or panning would feel), the time until the layer is on the map and until it is drawn. With
// MAPWRIGHT_PREVIOUS_DIST set, that build runs alternately with this one (`previous_*` lines).
// MAP_DRAWING=off leaves SwiftShader's frames out (bench/map-drawing-off.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, asMostPeople, openPage } from '../../test/e2e/harness';
import { startStaticServer } from '../../test/servers/static-server';
import { mapDrawingOffScript, mapDrawingOn } from '../map-drawing-off';
import { pointsGeoJson } from '../points-geojson';
import { median } from '../statistics';
import type { Browser } from 'playwright-core';

const runs = Number(process.env.UPLOAD_RUNS ?? 5);
const points = 100_000;

/** Sent as a string, so tsx's helpers stay out of the page: times the upload from the file's pick. */
const watchScript = `(() => {
  const found = { tasks: [] };
  window.__upload = found;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) found.tasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  document.addEventListener('change', () => { found.picked = performance.now(); }, true);
  const poll = () => {
    if (window.mapwright?.map?.getLayer('sites')) {
      found.layer = performance.now();
      window.mapwright.map.whenIdle().then(() => { found.drawn = performance.now(); });
    } else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})()`;

interface UploadFigures {
  longestTaskMs: number;
  toLayerMs: number;
  toDrawnMs: number;
}

async function uploadOnce(browser: Browser, appUrl: string, file: string): Promise<UploadFigures> {
  const { page, context } = await openPage(browser, asMostPeople);
  try {
    if (!mapDrawingOn) await page.addInitScript(mapDrawingOffScript);
    await page.goto(appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await page.evaluate(async () => {
      await window.mapwright!.data;
      await new Promise((done) => setTimeout(done, 1000));
    });
    await page.evaluate(watchScript);
    // From disk: given a buffer, Playwright would build the File in the page, a long task of its own.
    await page.locator('.upload-input').setInputFiles(file);
    await page
      .locator('.notice-banner li[data-kind="upload"]')
      .first()
      .waitFor({ timeout: 120_000 });
    await page.locator('.upload-progress').waitFor({ state: 'hidden', timeout: 120_000 });
    await page.waitForFunction(
      () => (window as { __upload?: { drawn?: number } }).__upload?.drawn,
      {
        timeout: 60_000,
      },
    );
    const found = await page.evaluate(
      () =>
        (window as { __upload?: { tasks: number[]; picked: number; layer: number; drawn: number } })
          .__upload!,
    );
    return {
      longestTaskMs: Math.max(0, ...found.tasks),
      toLayerMs: found.layer - found.picked,
      toDrawnMs: found.drawn - found.picked,
    };
  } finally {
    await context.close();
  }
}

function print(prefix: string, samples: UploadFigures[]): void {
  const figure = (pick: (sample: UploadFigures) => number): string =>
    `${Math.round(median(samples.map(pick)))} (${samples.map((sample) => Math.round(pick(sample))).join(' / ')})`;
  console.log(
    `${prefix}upload_longest_task_ms_at_100k=${figure((sample) => sample.longestTaskMs)}`,
  );
  console.log(`${prefix}upload_time_to_layer_ms_at_100k=${figure((sample) => sample.toLayerMs)}`);
  console.log(`${prefix}upload_time_to_drawn_ms_at_100k=${figure((sample) => sample.toDrawnMs)}`);
}

/** Prints the upload's figures (median, then each run), this build's and the previous one's. */
export async function runUploadScale(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'mapwright-upload-bench-'));
  const file = join(folder, 'sites.geojson');
  await writeFile(file, pointsGeoJson(points));
  const previousDist = process.env.MAPWRIGHT_PREVIOUS_DIST;
  const [browser, server, previous] = await Promise.all([
    launchBrowser(),
    startStaticServer(),
    previousDist ? startStaticServer(resolve(previousDist)) : undefined,
  ]);
  try {
    const now: UploadFigures[] = [];
    const before: UploadFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      now.push(await uploadOnce(browser, `${server.url}/`, file));
      if (previous) before.push(await uploadOnce(browser, `${previous.url}/`, file));
    }
    print('', now);
    if (previous) print('previous_', before);
  } finally {
    await Promise.allSettled([browser.close(), server.stop(), previous?.stop()]);
    await rm(folder, { recursive: true, force: true });
  }
}

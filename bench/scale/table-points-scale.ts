// Drawing a table's points at 10k, 100k, 1M and 2M: from a table DuckDB holds (loaded from a generated
// CSV, as an upload's table is) to the layer on the screen, as a large upload draws it
// (window.mapwright.drawTablePoints: the points read as typed arrays, indexed in the point tile worker,
// tiles cut on demand). Prints, next to each size: the time to the points read and indexed, the time to
// visible (the layer's pixels on the canvas), the worst frame gap and the longest task on the page's
// thread while panning and zooming over them. Built app, headless Chromium, SwiftShader.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asMostPeople, openPage, startAppHarness } from '../../test/e2e/harness';
import { distDir } from '../../test/servers/static-server';
import { mapDrawingOffScript, mapDrawingOn } from '../map-drawing-off';
import { median } from '../statistics';

/** Point counts of the curve (SCALE_TABLE_POINTS overrides, comma-separated). */
// 0 is the baseline: the same pans and zooms over the basemap and bundled layers alone.
const pointCounts = (process.env.SCALE_TABLE_POINTS ?? '0,10000,100000,1000000,2000000')
  .split(',')
  .map(Number);
const runs = Number(process.env.SCALE_RUNS ?? 3);

function label(count: number): string {
  if (count === 0) return '0';
  return count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`;
}

/**
 * One run in the page: draws the table, waits for its pixels, then pans and zooms. A string, so tsx's
 * `__name` wrapper of named functions stays out of the page.
 */
const drawAndPan = `async (table, drawingOn) => {
  const app = window.mapwright;
  const controller = app.map;
  const map = controller.map;
  map.jumpTo({ center: [-97, 37], zoom: 3.5 });
  await controller.whenIdle();
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ entryTypes: ['longtask'] });
  const canvasPixels = () => {
    const canvas = map.getCanvas();
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    context.drawImage(canvas, 0, 0);
    return context.getImageData(0, 0, copy.width, copy.height).data;
  };
  const before = canvasPixels();
  const started = performance.now();
  const drawn = await app.drawTablePoints(table, { longitude: 'lon', latitude: 'lat' });
  const indexed = performance.now() - started;
  // Visible: a frame whose pixels differ from the map without the layer in 0.5% of the canvas; with
  // drawing off (no pixels ever change), the map's next idle.
  let visible = -1;
  if (!drawingOn || drawn.featureCount === 0) {
    await controller.whenIdle();
    visible = performance.now() - started;
  }
  while (visible < 0 && performance.now() - started < 60000) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = canvasPixels();
    let changed = 0;
    for (let index = 0; index < now.length; index += 16) {
      if (Math.abs(now[index] - before[index]) + Math.abs(now[index + 1] - before[index + 1]) + Math.abs(now[index + 2] - before[index + 2]) > 40) changed += 1;
    }
    if (changed > now.length / 16 / 200) {
      visible = performance.now() - started;
      break;
    }
  }
  const loadTasks = longTasks.splice(0);
  const stamps = [];
  let moving = true;
  const tick = (time) => {
    stamps.push(time);
    if (moving) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (const offset of [400, -400]) {
    const ended = new Promise((resolve) => map.once('moveend', resolve));
    map.panBy([offset, 0], { duration: 1500 });
    await ended;
  }
  for (const zoom of [6, 3.5]) {
    const ended = new Promise((resolve) => map.once('moveend', resolve));
    map.zoomTo(zoom, { duration: 1500 });
    await ended;
  }
  moving = false;
  await controller.whenIdle();
  observer.disconnect();
  const gaps = stamps.slice(1).map((stamp, index) => stamp - stamps[index]);
  controller.removeLayer(table);
  await controller.whenIdle();
  return {
    featureCount: drawn.featureCount,
    indexed,
    visible,
    worstFrame: Math.max(...gaps),
    longestPanTask: Math.max(0, ...longTasks),
    longestDrawTask: Math.max(0, ...loadTasks),
    heldAfterRemoval: await app.heldPointLayers(),
  };
}`;

/** Prints table_points_*_at_N for each size. */
export async function runTablePointsScale(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `No build at ${distDir}: run \`npx vite build\` (or set MAPWRIGHT_DIST) first.`,
    );
  }
  const harness = await startAppHarness();
  try {
    console.log(`# map_drawing=${mapDrawingOn ? 'on' : 'off'}`);
    const { page, context } = await openPage(harness.browser, asMostPeople);
    if (!mapDrawingOn) await page.addInitScript(mapDrawingOffScript);
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
    for (const count of pointCounts) {
      const table = `points_${label(count).toLowerCase()}`;
      // The table, as an upload's: DuckDB reads a generated CSV of points over the United States.
      await page.evaluate(
        async ({ table: name, count: points }) => {
          // The baseline's table: one row that is no point (TRY_CAST leaves it out).
          const lines = ['lon,lat'];
          if (points === 0) lines.push('x,y');
          for (let index = 0; index < points; index += 1) {
            const lon = -125 + ((index * 0.618034) % 1) * 58;
            const lat = 25 + ((index * 0.754878) % 1) * 24;
            lines.push(`${lon.toFixed(5)},${lat.toFixed(5)}`);
          }
          const bytes = new TextEncoder().encode(lines.join('\n'));
          const app = window.mapwright!;
          await app.data;
          await app.engine!.load({ table: name, format: 'csv', bytes });
        },
        { table, count },
      );
      // Reading alone (DuckDB to two Float64Arrays on the page), to tell it from indexing and tiling.
      const readMs = await page.evaluate(async (name) => {
        const started = performance.now();
        await window.mapwright!.engine!.readPoints({
          table: name,
          longitude: 'lon',
          latitude: 'lat',
        });
        return performance.now() - started;
      }, table);
      const samples: Array<Record<string, number>> = [];
      for (let attempt = 0; attempt < runs; attempt += 1)
        samples.push(
          (await page.evaluate(
            `(${drawAndPan})(${JSON.stringify(table)}, ${mapDrawingOn})`,
          )) as never,
        );
      const name = label(count);
      const of = (key: string): number => median(samples.map((sample) => sample[key]!));
      console.log(`table_points_drawn_at_${name}=${samples[0]?.featureCount}`);
      console.log(`table_points_read_ms_at_${name}=${Math.round(readMs)}`);
      console.log(`table_points_indexed_ms_at_${name}=${Math.round(of('indexed'))}`);
      console.log(`table_points_visible_ms_at_${name}=${Math.round(of('visible'))}`);
      console.log(`table_points_worst_frame_ms_at_${name}=${Math.round(of('worstFrame'))}`);
      console.log(
        `table_points_longest_pan_task_ms_at_${name}=${Math.round(of('longestPanTask'))}`,
      );
      console.log(
        `table_points_longest_draw_task_ms_at_${name}=${Math.round(of('longestDrawTask'))}`,
      );
      console.log(
        `# table_points_runs_at_${name}: visible_ms=${samples.map((sample) => Math.round(sample.visible!)).join(',')} worst_frame_ms=${samples.map((sample) => Math.round(sample.worstFrame!)).join(',')} held_after_removal=${samples.map((sample) => sample.heldAfterRemoval).join(',')}`,
      );
    }
    await context.close();
  } finally {
    await harness.close();
  }
}

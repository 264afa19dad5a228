// Drawing results as they grow: the time from adding 1k, 10k and 100k result points to the map (as
// `map_query_result` does, through the MapController on window.mapwright) to the map's next idle, and
// the frame time while panning over them. In the built app, headless Chromium, SwiftShader; MAP_DRAWING=off
// leaves SwiftShader's drawing out (bench/map-drawing-off.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asMostPeople, openPage, startAppHarness } from '../../test/e2e/harness';
import { distDir } from '../../test/servers/static-server';
import { mapDrawingOffScript, mapDrawingOn } from '../map-drawing-off';
import { median, percentile } from '../statistics';

/** Point counts of the curve (SCALE_POINTS overrides, comma-separated). */
const pointCounts = (process.env.SCALE_POINTS ?? '1000,10000,100000').split(',').map(Number);
const runs = 5;

function label(count: number): string {
  return `${count / 1000}k`;
}

/** Prints draw_points_ms_at_N and pan_frame_ms_median/p95_at_N. */
export async function runDrawScale(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `No build at ${distDir}: run \`npx vite build\` (or set MAPWRIGHT_DIST) first.`,
    );
  }
  console.log(`# map_drawing=${mapDrawingOn ? 'on' : 'off'}`);
  const harness = await startAppHarness();
  try {
    const { page, context } = await openPage(harness.browser, asMostPeople);
    if (!mapDrawingOn) await page.addInitScript(mapDrawingOffScript);
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 120_000 });
    for (const count of pointCounts) {
      const samples = await page.evaluate(
        async ({ count: points, runs: repeats }) => {
          const controller = window.mapwright!.map!;
          const features = Array.from({ length: points }, (_, index) => ({
            type: 'Feature' as const,
            properties: { value: index % 100 },
            geometry: {
              type: 'Point' as const,
              // A low-discrepancy spread over the contiguous United States (the initial view).
              coordinates: [
                -125 + ((index * 0.618034) % 1) * 58,
                25 + ((index * 0.754878) % 1) * 24,
              ],
            },
          }));
          const times: number[] = [];
          for (let attempt = 0; attempt < repeats; attempt++) {
            const started = performance.now();
            const idle = new Promise((resolve) => controller.map.once('idle', resolve));
            await controller.addLayer({
              id: 'bench-points',
              title: 'Bench points',
              kind: 'circle',
              features: { type: 'FeatureCollection', features },
            });
            await idle;
            times.push(performance.now() - started);
            if (attempt < repeats - 1) {
              controller.removeLayer('bench-points');
              await controller.whenIdle();
            }
          }
          return times;
        },
        { count, runs },
      );
      // Pan over the points: each frame's interval from requestAnimationFrame while the camera moves.
      // A string, so tsx's `__name` wrapper of named functions stays out of the page.
      const intervals = (await page.evaluate(`(async () => {
        const map = window.mapwright.map.map;
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
        moving = false;
        return stamps.slice(1).map((stamp, index) => stamp - stamps[index]);
      })()`)) as number[];
      await page.evaluate(async () => {
        window.mapwright!.map!.removeLayer('bench-points');
        await window.mapwright!.map!.whenIdle();
      });
      const name = label(count);
      console.log(`draw_points_ms_at_${name}=${Math.round(median(samples))}`);
      console.log(`pan_frame_ms_median_at_${name}=${median(intervals).toFixed(1)}`);
      console.log(`pan_frame_ms_p95_at_${name}=${percentile(intervals, 0.95).toFixed(1)}`);
      console.log(
        `# draw_runs_ms_at_${name}=${samples.map(Math.round).join(',')} pan_frames=${intervals.length}`,
      );
    }
    await context.close();
  } finally {
    await harness.close();
  }
}

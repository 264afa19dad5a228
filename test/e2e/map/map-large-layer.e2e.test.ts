// A million points, as a person's upload: the layer the app says it drew is on the screen (its pixels,
// compared with the same view with the layer hidden), soon after the table is ready; the camera and
// "Zoom to" land on the data's extent from SQL; zoomed in, single points draw; a reload draws the kept
// file again; removed, the points go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAppHarness,
  type AppHarness,
  type PageUnderTest,
  openMapPage,
  waitInPage,
} from '../harness';
import { layerPixels } from '../map-page';
import type { Page } from 'playwright-core';

/** The data's extent: every point lies in it, and two points sit on its corners. */
const west = -10;
const south = 35;
const east = 30;
const north = 60;

/** A CSV of `rows` points spread evenly over the extent (a low-discrepancy sequence), ~24 MB a million. */
function millionCsv(rows: number): Buffer {
  const lines = ['id,lon,lat', `0,${west},${south}`, `1,${east},${north}`];
  for (let index = 2; index < rows; index += 1) {
    const lon = west + ((index * 0.618034) % 1) * (east - west);
    const lat = south + ((index * 0.754878) % 1) * (north - south);
    lines.push(`${index},${lon.toFixed(5)},${lat.toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

/** The map's view as [west, south, east, north]. */
async function viewBounds(page: Page): Promise<[number, number, number, number]> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    const bounds = controller.map.getBounds();
    return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
  });
}

/** Whether the view holds the data's extent and is not much wider (the camera landed on it). */
function landsOnData([viewWest, viewSouth, viewEast, viewNorth]: number[]): boolean {
  const holds =
    viewWest! <= west && viewSouth! <= south && viewEast! >= east && viewNorth! >= north;
  return holds && viewEast! - viewWest! < 3 * (east - west);
}

describe('a layer of a million points', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;

  beforeAll(async () => {
    // A browser of its own: the worker's is reached over a socket, which copies the 26 MB file, and on
    // a busy machine that copy alone took setInputFiles past its 30 s.
    harness = await startAppHarness({ ownBrowser: true });
    underTest = await openMapPage(harness.browser, harness.appUrl);
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it('is drawn, visible on the canvas, and the camera lands on its extent', async () => {
    const { page, pageErrors } = underTest;
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [100, 0], zoom: 3, bearing: 0, pitch: 0 }),
    );
    await page.locator('.upload-input').setInputFiles({
      name: 'million.csv',
      mimeType: 'text/csv',
      buffer: millionCsv(1_000_000),
    });
    // The layer is added once DuckDB holds the table and the points are indexed.
    await waitInPage(
      page,
      () => window.mapwright!.map!.getLayer('million') !== undefined,
      undefined,
      { timeout: 150_000 },
    );
    // A file this size loads its table first; the notice that it is drawn comes with its first tile.
    const notice = page
      .locator('.notice-banner li[data-kind="upload"]')
      .filter({ hasText: 'drawn as layer million (' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('drawn as layer million (1000000 features');
    expect(
      await page.evaluate(() => window.mapwright!.map!.getLayer('million')?.featureCount),
    ).toBe(1_000_000);

    // The camera glides to the data's extent, read by SQL (its corners exactly).
    expect(await page.evaluate(() => window.mapwright!.map!.layerBounds('million'))).toEqual([
      west,
      south,
      east,
      north,
    ]);
    await expect.poll(() => viewBounds(page), { timeout: 20_000 }).toSatisfy(landsOnData);

    // On the screen: a good part of the canvas is the layer's, not only its source's.
    const pixels = await layerPixels(page, 'million');
    const canvasPixels = await page.evaluate(() => {
      const canvas = window.mapwright!.map!.map.getCanvas();
      return canvas.width * canvas.height;
    });
    expect(pixels).toBeGreaterThan(canvasPixels * 0.05);
    // How soon it shows is the scale bench's figure (draw part), not an assertion on a shared machine.

    // "Zoom to" in the layer panel brings the camera back to the data from elsewhere.
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [-100, 40], zoom: 5, bearing: 0, pitch: 0 }),
    );
    await page.getByRole('button', { name: 'Zoom to million.csv' }).click();
    await expect.poll(() => viewBounds(page), { timeout: 20_000 }).toSatisfy(landsOnData);

    // Zoomed in on a corner, the single point there draws.
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [30, 60], zoom: 15, bearing: 0, pitch: 0 }),
    );
    expect(await layerPixels(page, 'million')).toBeGreaterThan(10);

    // After a reload, the kept file is drawn again the same way, and visible.
    await page.reload();
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await page.evaluate(() => window.mapwright!.uploadsRestored);
    expect(
      await page.evaluate(() => window.mapwright!.map!.getLayer('million')?.featureCount),
    ).toBe(1_000_000);
    await page.evaluate(() => window.mapwright!.map!.zoomToLayer('million'));
    expect(await layerPixels(page, 'million')).toBeGreaterThan(canvasPixels * 0.05);

    // Removed, the points leave the worker that held them.
    expect(await page.evaluate(() => window.mapwright!.heldPointLayers())).toBe(1);
    await page.evaluate(() => window.mapwright!.removeUpload('million'));
    expect(await page.evaluate(() => window.mapwright!.heldPointLayers())).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 420_000);
});

// Uploads as a person meets them: progress for a slow file, the map zooming to the new layer, the same
// file name replacing its layer, each upload in its own colour, a renamed image refused with one
// message, and notices that never cover the controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness, type PageUnderTest, openMapPage } from './harness';
import { drawQuery } from './map-page';
import type { Page } from 'playwright-core';

/** Picks a file with "Add data". */
async function pick(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.locator('.upload-input').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
  });
}

/** A CSV of `rows` points spread over the United States: big enough to take a while to add. */
function bigCsv(rows: number): string {
  const lines = ['id,name,lon,lat,value'];
  for (let index = 0; index < rows; index += 1) {
    const lon = -125 + ((index * 7919) % 5800) / 100;
    const lat = 25 + ((index * 104729) % 2400) / 100;
    lines.push(`${index},point number ${index},${lon.toFixed(4)},${lat.toFixed(4)},${index % 97}`);
  }
  return lines.join('\n');
}

describe('map uploads', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness();
    underTest = await openMapPage(harness.browser, harness.appUrl);
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it('a renamed PNG gets one clear message and nothing else', async () => {
    const { page } = underTest;
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    await pick(page, 'photo.csv', png);
    await page.waitForFunction(
      () => document.querySelectorAll('.notice-banner li[data-kind="upload"]').length > 0,
    );
    // Long enough for a late "could not be loaded" or a database error to have arrived.
    await page.waitForTimeout(1500);
    const notices = await page.locator('.notice-banner li').allTextContents();
    expect(notices).toEqual(['photo.csv is not a CSV file: it looks like a PNG image.']);
    expect(await page.evaluate(() => window.mapwright!.catalog.get('photo'))).toBeUndefined();
  });

  it('notices never cover the controls over the map', async () => {
    const { page } = underTest;
    expect(await page.locator('.notice-banner').isVisible()).toBe(true);
    const banner = (await page.locator('.notice-banner').boundingBox())!;
    for (const selector of ['.upload-control', '.layer-panel']) {
      const control = (await page.locator(selector).boundingBox())!;
      expect(control.y).toBeGreaterThanOrEqual(banner.y + banner.height);
    }
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('shows the progress of a slow upload, then zooms to the new layer', async () => {
    const { page } = underTest;
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [100, 0], zoom: 3, bearing: 0, pitch: 0 }),
    );
    const started = Date.now();
    await pick(page, 'many points.csv', bigCsv(100_000));
    const progress = page.locator('.upload-progress');
    await progress.waitFor({ state: 'visible' });
    expect(await progress.textContent()).toMatch(
      /(Reading|Loading|Drawing) many points\.csv( for queries)?…/,
    );
    expect(await progress.getAttribute('role')).toBe('status');
    // It fades in only after half a second, so quick uploads do not flash it.
    expect(await progress.evaluate((element) => getComputedStyle(element).animationDelay)).toBe(
      '0.5s',
    );
    await page.waitForFunction(() => window.mapwright!.catalog.get('many_points') !== undefined, {
      timeout: 60_000,
    });
    // After the layer, the line stays while DuckDB loads the table, and goes once SQL can read it.
    await progress.waitFor({ state: 'hidden', timeout: 60_000 });
    expect(
      await page.evaluate(async () => {
        const app = window.mapwright!;
        const signal = new AbortController().signal;
        const query = app.registry
          .list()
          .find((tool) => tool.origin.kind === 'mcp' && tool.origin.originalName === 'query')!;
        return (
          await query.execute({ sql_query: 'SELECT count(*) AS n FROM many_points' }, { signal })
        ).content;
      }),
    ).toContain('100000');
    // A slow upload: the line was up long enough to be seen.
    expect(Date.now() - started).toBeGreaterThan(500);
    const center = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await controller.whenIdle();
      const { lng, lat } = controller.map.getCenter();
      return [lng, lat];
    });
    expect(center[0]).toBeGreaterThan(-125);
    expect(center[0]).toBeLessThan(-67);
    expect(center[1]).toBeGreaterThan(25);
    expect(center[1]).toBeLessThan(49);
    // A hundred thousand points slow every later frame of a software renderer.
    await page.evaluate(() => window.mapwright!.removeUpload('many_points'));
  }, 120_000);

  it('uploading the same file name again replaces its layer, and each upload has its own colour', async () => {
    const { page } = underTest;
    await pick(page, 'stations.csv', 'name,lon,lat\nA,-100,40\nB,-90,35\n');
    await page.waitForFunction(() => window.mapwright!.map!.getLayer('stations') !== undefined);
    await pick(page, 'stations.csv', 'name,lon,lat\nA,-100,40\nB,-90,35\nC,-80,30\n');
    await page.waitForFunction(
      () => window.mapwright!.map!.getLayer('stations')?.featureCount === 3,
    );
    expect(await page.locator('.layer-panel li[data-layer-id^="stations"]').count()).toBe(1);
    const uploads = await page.evaluate(() =>
      window
        .mapwright!.catalog.list()
        .filter((entry) => entry.origin === 'upload')
        .map((entry) => entry.table),
    );
    expect(uploads.filter((table) => table.startsWith('stations'))).toEqual(['stations']);
    await pick(page, 'depots.csv', 'name,lon,lat\nD,-95,38\n');
    await page.waitForFunction(() => window.mapwright!.map!.getLayer('depots') !== undefined);
    const colors = await page.evaluate(() =>
      ['stations', 'depots'].map((id) =>
        window.mapwright!.map!.map.getPaintProperty(id, 'circle-color'),
      ),
    );
    expect(colors[0]).not.toEqual(colors[1]);
    expect(underTest.pageErrors).toEqual([]);
  });

  it(
    'a polygon upload covering the world is translucent, outlined and under result layers',
    { timeout: 120_000 },
    async () => {
      const { page } = underTest;
      const result = await drawQuery(
        page,
        "SELECT id, unemployment_rate FROM counties WHERE state = 'California'",
        {
          geometry: { kind: 'join', layer: 'counties', column: 'id' },
          style: { color_by: 'unemployment_rate' },
          title: 'California unemployment',
        },
      );
      const world = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'everything' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-179, -80],
                  [179, -80],
                  [179, 80],
                  [-179, 80],
                  [-179, -80],
                ],
              ],
            },
          },
        ],
      };
      await pick(page, 'world.geojson', JSON.stringify(world));
      await page.waitForFunction(() => window.mapwright!.map!.getLayer('world') !== undefined);
      const drawn = await page.evaluate(() => {
        const map = window.mapwright!.map!.map;
        return {
          opacity: map.getPaintProperty('world', 'fill-opacity') as number,
          outline: map.getPaintProperty('world', 'fill-outline-color'),
          order: map.getLayersOrder(),
        };
      });
      expect(drawn.opacity).toBeLessThanOrEqual(0.3);
      expect(drawn.outline).toBeTruthy();
      // Above the bundled counties, under the result drawn before it and under the points.
      expect(drawn.order.indexOf('world')).toBeGreaterThan(drawn.order.indexOf('counties'));
      expect(drawn.order.indexOf('world')).toBeLessThan(drawn.order.indexOf(result));
      expect(drawn.order.indexOf('world')).toBeLessThan(drawn.order.indexOf('earthquakes'));
    },
  );
});

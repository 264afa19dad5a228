// Uploads as a person meets them: progress for a slow file, the map zooming to the new layer, the same
// file name replacing its layer, each upload in its own colour, a renamed image refused with one
// message, notices that never cover the controls, and uploads across the antimeridian (points in
// 0–360 degrees, a route across the Pacific) drawn from the worker's tiles where they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAppHarness,
  type AppHarness,
  type PageUnderTest,
  openMapPage,
  waitInPage,
} from '../harness';
import { drawQuery } from '../map-page';
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

/** A GeoJSON of 30 sites over the United States, far apart, with a number `value` of 0 to 87. */
function sitesGeoJson(): string {
  const features = Array.from({ length: 30 }, (_, index) => ({
    type: 'Feature',
    properties: { id: `S${index}`, name: `site ${index}`, value: index * 3 },
    geometry: {
      type: 'Point',
      coordinates: [-118 + (index % 10) * 5, 30 + Math.floor(index / 10) * 6],
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** Runs one of the model's tools by name, as a model's call does; returns what the model reads. */
async function runTool(page: Page, name: string, args: Record<string, unknown>): Promise<string> {
  return page.evaluate(
    async ({ name, args }) =>
      (
        await window
          .mapwright!.registry.get(name)!
          .execute(args, { signal: new AbortController().signal })
      ).content,
    { name, args },
  );
}

/** A two-point route across the antimeridian, from Tokyo to Los Angeles. */
const pacificRoute = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Tokyo to Los Angeles' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [139.69, 35.69],
          [-118.24, 34.05],
        ],
      },
    },
  ],
};

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
    await waitInPage(
      page,
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
    await waitInPage(
      page,
      () => window.mapwright!.catalog.get('many_points') !== undefined,
      undefined,
      { timeout: 60_000 },
    );
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
    await waitInPage(page, () => window.mapwright!.map!.getLayer('stations') !== undefined);
    await pick(page, 'stations.csv', 'name,lon,lat\nA,-100,40\nB,-90,35\nC,-80,30\n');
    await waitInPage(page, () => window.mapwright!.map!.getLayer('stations')?.featureCount === 3);
    expect(await page.locator('.layer-panel li[data-layer-id^="stations"]').count()).toBe(1);
    const uploads = await page.evaluate(() =>
      window
        .mapwright!.catalog.list()
        .filter((entry) => entry.origin === 'upload')
        .map((entry) => entry.table),
    );
    expect(uploads.filter((table) => table.startsWith('stations'))).toEqual(['stations']);
    await pick(page, 'depots.csv', 'name,lon,lat\nD,-95,38\n');
    await waitInPage(page, () => window.mapwright!.map!.getLayer('depots') !== undefined);
    const colors = await page.evaluate(() =>
      ['stations', 'depots'].map((id) =>
        window.mapwright!.map!.map.getPaintProperty(id, 'circle-color'),
      ),
    );
    expect(colors[0]).not.toEqual(colors[1]);
    expect(underTest.pageErrors).toEqual([]);
  });

  it("the model's tools and the tooltip work on an uploaded layer, and the worker lets go of a removed or replaced one", async () => {
    const { page } = underTest;
    const heldBefore = await page.evaluate(() => window.mapwright!.heldUploadLayers());
    await pick(page, 'sites.geojson', sitesGeoJson());
    await waitInPage(page, () => window.mapwright!.catalog.get('sites') !== undefined);
    await page.locator('.upload-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    expect(await page.evaluate(() => window.mapwright!.heldUploadLayers())).toBe(heldBefore + 1);
    await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      await controller.zoomToLayer('sites');
      await controller.whenIdle();
    });

    // Style by a numeric column: the paint takes, and the legend reads the column.
    const styled = await runTool(page, 'set_style', {
      layer: 'sites',
      paint: {
        'circle-color': ['interpolate', ['linear'], ['get', 'value'], 0, '#fde68a', 87, '#7f1d1d'],
      },
    });
    expect(styled).toContain('Style of sites updated (circle-color)');
    expect(
      await page.evaluate(() => window.mapwright!.map!.getLayer('sites')?.legend),
    ).toBeTruthy();

    // A filter on a property counts the features drawn from the worker's tiles.
    const filtered = await runTool(page, 'set_filter', {
      layer: 'sites',
      filter: ['>=', ['get', 'value'], 45],
    });
    expect(filtered).toContain('15 features of sites are in view');

    // The tooltip shows a hovered site's properties (site 20 passes the filter).
    const point = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      const map = controller.map;
      // Centred, clear of the panels over the map's edges.
      map.jumpTo({ center: [-118, 42], zoom: 6 });
      await controller.whenIdle();
      const projected = map.project([-118, 42]);
      const box = map.getCanvas().getBoundingClientRect();
      return { x: box.left + projected.x, y: box.top + projected.y };
    });
    const tooltip = page.locator('.maplibregl-popup .map-tooltip');
    for (let attempt = 0; attempt < 20 && (await tooltip.count()) === 0; attempt += 1) {
      await page.mouse.move(point.x + 150, point.y + 150);
      await page.mouse.move(point.x + (attempt % 2), point.y);
      await page.waitForTimeout(100);
    }
    expect(await tooltip.textContent()).toContain('name: site 20');
    await page.mouse.move(0, 0);

    // A join takes the upload's shapes from the worker.
    const joined = await drawQuery(page, 'SELECT id, value FROM sites WHERE value < 30', {
      geometry: { kind: 'join', layer: 'sites', column: 'id' },
      style: { color_by: 'value' },
    });
    expect(
      await page.evaluate((id) => window.mapwright!.map!.getLayer(id)?.featureCount, joined),
    ).toBe(10);

    // A re-upload of the same name replaces the worker's copy; a removal lets it go.
    await pick(page, 'sites.geojson', sitesGeoJson());
    await waitInPage(page, () => window.mapwright!.catalog.get('sites') !== undefined);
    await page.locator('.upload-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    await expect
      .poll(() => page.evaluate(() => window.mapwright!.heldUploadLayers()))
      .toBe(heldBefore + 1);
    await page.evaluate(() => window.mapwright!.removeUpload('sites'));
    await expect
      .poll(() => page.evaluate(() => window.mapwright!.heldUploadLayers()))
      .toBe(heldBefore);
    expect(underTest.pageErrors).toEqual([]);
  }, 120_000);

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
      await waitInPage(page, () => window.mapwright!.map!.getLayer('world') !== undefined);
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

  it('draws points at longitudes past 180 and a route across the Pacific, and zooms to the Pacific', async () => {
    const { page } = underTest;
    const files: [name: string, content: string, layer: string][] = [
      ['pacific.csv', 'name,lon,lat\nA,185,0\nB,190,5\nC,175,-5\n', 'pacific'],
      ['route.geojson', JSON.stringify(pacificRoute), 'route'],
    ];
    for (const [name, content, layer] of files) {
      await pick(page, name, content);
      await waitInPage(page, (id) => window.mapwright!.map!.getLayer(id) !== undefined, layer);
    }
    const drawn = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      controller.jumpCamera({ center: [180, 20], zoom: 2, bearing: 0, pitch: 0 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await controller.whenIdle();
      const names = (layer: string) => [
        ...new Set(
          controller.map
            .queryRenderedFeatures({ layers: [layer] })
            .map((feature) => String(feature.properties.name)),
        ),
      ];
      return { points: names('pacific').sort(), route: names('route') };
    });
    expect(drawn.points).toEqual(['A', 'B', 'C']);
    expect(drawn.route).toEqual(['Tokyo to Los Angeles']);

    // Zoom to the route fits the Pacific it crosses, not the whole world.
    const camera = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      controller.jumpCamera({ center: [0, 0], zoom: 1, bearing: 0, pitch: 0 });
      await controller.zoomToLayer('route');
      await new Promise((resolve) => setTimeout(resolve, 900));
      await controller.whenIdle();
      const center = controller.map.getCenter().wrap();
      return { longitude: center.lng, zoom: controller.map.getZoom() };
    });
    expect(Math.abs(camera.longitude)).toBeGreaterThan(150);
    expect(camera.zoom).toBeGreaterThan(1.5);
    expect(underTest.pageErrors).toEqual([]);
    expect(underTest.consoleErrors).toEqual([]);
  }, 120_000);
});

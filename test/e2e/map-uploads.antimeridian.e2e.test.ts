// Uploads across the Pacific, drawn from the worker's tiles: points given in 0–360 degrees of
// longitude (past 180) and a two-point route from Tokyo to Los Angeles are on the map where they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness, type PageUnderTest, openMapPage } from './harness';
import type { Page } from 'playwright-core';

/** Picks a file with "Add data" and waits for its layer. */
async function pick(page: Page, name: string, content: string, layer: string): Promise<void> {
  await page.locator('.upload-input').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(content),
  });
  await page.waitForFunction((id) => window.mapwright!.map!.getLayer(id) !== undefined, layer);
}

const route = {
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

describe('uploads across the antimeridian', () => {
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

  it('draws points at longitudes past 180 and a route across the Pacific', async () => {
    const { page } = underTest;
    await pick(page, 'pacific.csv', 'name,lon,lat\nA,185,0\nB,190,5\nC,175,-5\n', 'pacific');
    await pick(page, 'route.geojson', JSON.stringify(route), 'route');
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

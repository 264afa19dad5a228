// The map's layers as a person meets them: a drawn result in its own colours with a legend naming the
// question, the layer panel's controls (zoom to, opacity, remove) on a result and on an upload, and
// each layer's dataset credited in the map's attribution control (a dataset without a layer:
// map.e2e.test.ts, which serves the flights). Colours are read from the map itself.
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

/** Every colour string in a paint value (a plain colour or the outputs of an expression). */
function colorsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^(#|rgb|hsl)/.test(value) ? [value.toLowerCase()] : [];
  if (Array.isArray(value)) return value.flatMap(colorsIn);
  return [];
}

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
}

function paintOf(page: Page, layerId: string, property: string): Promise<unknown> {
  return page.evaluate(
    ({ layerId, property }) =>
      window.mapwright!.map!.map.getPaintProperty(layerId, property as 'circle-color'),
    { layerId, property },
  );
}

/** The map's centre once it has stopped moving. */
async function settledCenter(page: Page): Promise<[number, number]> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await new Promise((resolve) => setTimeout(resolve, 700));
    await controller.whenIdle();
    const center = controller.map.getCenter();
    return [center.lng, center.lat] as [number, number];
  });
}

describe('map layers', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;
  let strongest = '';

  beforeAll(async () => {
    // Without the flights, which no test here reads: the first query would load their 3-million-row
    // Parquet in the background. Their credit (a dataset with no layer) is checked in map.e2e.
    harness = await startAppHarness();
    underTest = await openMapPage(harness.browser, harness.appUrl);
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it("draws a result in its own palette, not its base layer's, strongest darkest, its legend naming the question", async () => {
    const { page } = underTest;
    strongest = await drawQuery(
      page,
      'SELECT id, longitude, latitude, mag FROM earthquakes ORDER BY mag DESC LIMIT 10',
      {
        geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
        style: { color_by: 'mag' },
        title: 'Strongest earthquakes',
      },
    );
    const base = colorsIn(await paintOf(page, 'earthquakes', 'circle-color'));
    const result = await paintOf(page, strongest, 'circle-color');
    const resultColors = colorsIn(result);
    expect(base.length).toBeGreaterThan(1);
    expect(resultColors.length).toBeGreaterThan(1);
    expect(resultColors.filter((color) => base.includes(color))).toEqual([]);
    // The ramp's last stop (the strongest quake) is darker than its first (the weakest of the ten).
    const ramp = JSON.stringify(result).match(/#[0-9a-f]{6}/g)!;
    expect(luminance(ramp.at(-1)!)).toBeLessThan(luminance(ramp[0]!) - 0.3);

    const item = page.locator(`.layer-panel li[data-layer-id="${strongest}"]`);
    expect(await item.locator('.layer-legend-title').textContent()).toContain(
      'Strongest earthquakes',
    );

    // A second result coloured by a number takes another palette: no colour in common with the first.
    const second = await drawQuery(
      page,
      "SELECT iata, longitude, latitude FROM airports WHERE state = 'CA'",
      {
        geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
        style: { color_by: 'latitude' },
        title: 'California airports',
      },
    );
    const secondColors = colorsIn(await paintOf(page, second, 'circle-color'));
    expect(secondColors.length).toBeGreaterThan(1);
    expect(secondColors.filter((color) => [...base, ...resultColors].includes(color))).toEqual([]);
    expect(underTest.pageErrors).toEqual([]);
  }, 120_000);

  it('the county legend reads rates as percent and names counties without data', async () => {
    const legend = await underTest.page
      .locator('.layer-panel li[data-layer-id="counties"] .layer-legend')
      .textContent();
    expect(legend).toContain('4% – 6%');
    expect(legend).toContain('No data');
    expect(legend).not.toContain('< 0');
  });

  it('zooms to a result layer, changes its opacity and removes it from the panel', async () => {
    const { page } = underTest;
    const item = page.locator(`.layer-panel li[data-layer-id="${strongest}"]`);
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [100, 60], zoom: 5, bearing: 0, pitch: 0 }),
    );
    await item.getByRole('button', { name: 'Zoom to Strongest earthquakes' }).click();
    const center = await settledCenter(page);
    const bounds = await page.evaluate((id) => window.mapwright!.map!.layerBounds(id)!, strongest);
    expect(center[0]).toBeGreaterThanOrEqual(bounds[0] - 1);
    expect(center[0]).toBeLessThanOrEqual(bounds[2] + 1);

    await item.getByRole('button', { name: 'Options for Strongest earthquakes' }).click();
    await item.getByRole('slider', { name: 'Opacity of Strongest earthquakes' }).fill('40');
    expect(await paintOf(page, strongest, 'circle-opacity')).toBeCloseTo(0.4);

    const remove = item.getByRole('button', { name: 'Remove result Strongest earthquakes' });
    await remove.click();
    await item.getByRole('button', { name: 'Confirm remove result Strongest earthquakes' }).click();
    await waitInPage(page, (id) => !window.mapwright!.map!.map.getLayer(id), strongest);
    expect(await item.count()).toBe(0);
  });

  it('zooms to an upload, changes its opacity and removes it from the panel', async () => {
    const { page } = underTest;
    await page.locator('.upload-input').setInputFiles({
      name: 'alaska.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'name,lon,lat\nJuneau,-134.4,58.3\nNome,-165.4,64.5\nBarrow,-156.8,71.3\n',
      ),
    });
    const item = page.locator('.layer-panel li[data-layer-id="alaska"]');
    await item.waitFor();
    await page.evaluate(() =>
      window.mapwright!.map!.jumpCamera({ center: [10, 10], zoom: 4, bearing: 0, pitch: 0 }),
    );
    await item.getByRole('button', { name: 'Zoom to alaska.csv' }).click();
    const center = await settledCenter(page);
    expect(center[0]).toBeGreaterThan(-166);
    expect(center[0]).toBeLessThan(-134);
    expect(center[1]).toBeGreaterThan(58);

    await item.getByRole('button', { name: 'Options for alaska.csv' }).click();
    await item.getByRole('slider', { name: 'Opacity of alaska.csv' }).fill('25');
    expect(await paintOf(page, 'alaska', 'circle-opacity')).toBeCloseTo(0.25);

    await item.getByRole('button', { name: 'Remove upload alaska.csv' }).click();
    await item.getByRole('button', { name: 'Confirm remove upload alaska.csv' }).click();
    await waitInPage(page, () => window.mapwright!.catalog.get('alaska') === undefined);
    expect(await page.evaluate(() => Boolean(window.mapwright!.map!.map.getLayer('alaska')))).toBe(
      false,
    );
  });

  it('moves a layer up the stack and resets a filter a tool applied, from the panel', async () => {
    const { page } = underTest;
    const order = () => page.evaluate(() => window.mapwright!.map!.stackOrder());
    const before = await order();
    const second = before[1]!;
    const item = page.locator(`.layer-panel li[data-layer-id="${second}"]`);
    await item.getByRole('button', { name: /^Options for / }).click();
    await item.getByRole('button', { name: /^Move .* up$/ }).click();
    expect((await order())[0]).toBe(second);

    await page.evaluate(() =>
      window.mapwright!.map!.setFilter('earthquakes', ['>=', ['get', 'mag'], 4]),
    );
    const quakes = page.locator('.layer-panel li[data-layer-id="earthquakes"]');
    await quakes.getByRole('button', { name: /Reset the filter of/ }).click();
    await waitInPage(
      page,
      () => window.mapwright!.map!.getLayer('earthquakes')?.filter === undefined,
    );
    expect(await quakes.getByRole('button', { name: /Reset the filter of/ }).count()).toBe(0);
  });

  it('folds the layer panel away and back with a labelled button', async () => {
    const { page } = underTest;
    const toggle = page.locator('.layer-panel-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await page.locator('.layer-panel ul').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await page.locator('.layer-panel ul').isVisible()).toBe(true);
  });

  it('on a touch phone, the panel starts folded and every control is at least 44 px', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await page.goto(harness.appUrl);
      await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      // A phone shows the chat first; the map is a tab away.
      await page.locator('#app-tab-map').click();
      const toggle = page.getByRole('button', { name: 'Show layers' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const targets = page.locator(
        '.upload-control, .layer-panel button, .layer-panel label:has(input[type="checkbox"]), .maplibregl-ctrl-group button',
      );
      const sizes = await targets.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { name: element.getAttribute('aria-label') ?? element.textContent, box };
        }),
      );
      expect(sizes.length).toBeGreaterThan(10);
      const small = sizes.filter(({ box }) => box.height < 44 || box.width < 44);
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("credits each layer's dataset in the map's attribution control", async () => {
    const credits = await underTest.page.locator('.maplibregl-ctrl-attrib-inner').textContent();
    expect(credits).toContain('USGS Earthquake Hazards Program');
    expect(credits).toContain('U.S. Census Bureau');
    expect(credits).toContain('Natural Earth');
    expect(underTest.pageErrors).toEqual([]);
    expect(underTest.outsideRequests).toEqual([]);
  });
});

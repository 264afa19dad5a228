// Hovering a feature on the built app shows a tooltip whose values are text: a property that looks like
// HTML (here an airport renamed to an <img onerror> payload, in its file and in its tiles) is displayed,
// never parsed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutTiles } from '../../../scripts/build/cut-tiles';
import { parseDelimited } from '../../../src/data/upload-files/parse-delimited';
import { pointFeatures } from '../../../src/geo/point-features';
import { byteRange } from '../../../src/offline/byte-range';
import { distDir } from '../../servers/static-server';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';

const hostileName = '<img src=x onerror=alert(1)>';

/** airports.csv from the build, with Anchorage's airport renamed to an HTML payload. */
function airportsWithHostileName(): string {
  const text = readFileSync(join(distDir, 'data', 'airports.csv'), 'utf8');
  const anchorage = 'ANC,Ted Stevens Anchorage International,';
  expect(text).toContain(anchorage);
  return text.replace(anchorage, `ANC,${hostileName},`);
}

/** The airports' tile archive cut from `csv`, as the build cuts it. */
function airportTiles(csv: string): Buffer {
  const features = pointFeatures(parseDelimited(csv, ',').rows, 'longitude', 'latitude');
  return Buffer.from(cutTiles({ airports: features }, { maxZoom: 8, tolerance: 0.375 }));
}

/** Centres the map on a place at a zoom where its airport stands alone, then hovers that point. */
async function hoverAt(page: PageUnderTest['page'], lonLat: [number, number]): Promise<string> {
  const point = await page.evaluate(async (center) => {
    const controller = window.mapwright!.map!;
    controller.map.jumpTo({ center, zoom: 9 });
    await controller.whenIdle();
    const projected = controller.map.project(center);
    const box = controller.map.getCanvas().getBoundingClientRect();
    return { x: box.left + projected.x, y: box.top + projected.y };
  }, lonLat);
  const tooltip = page.locator('.maplibregl-popup .map-tooltip');
  // Chromium may coalesce or hold back a mouse move while the page draws, so wiggle within a pixel
  // of the airport until a move lands (its circle is several pixels wide at this zoom).
  for (let attempt = 0; attempt < 20 && (await tooltip.count()) === 0; attempt += 1) {
    await page.mouse.move(point.x + 150, point.y + 150);
    await page.mouse.move(point.x + (attempt % 2), point.y);
    await page.waitForTimeout(100);
  }
  await tooltip.waitFor({ timeout: 5_000 });
  return (await tooltip.textContent()) ?? '';
}

describe('map tooltips', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;
  const dialogs: string[] = [];

  beforeAll(async () => {
    harness = await startAppHarness();
    underTest = await openPage(harness.browser);
    const body = airportsWithHostileName();
    await underTest.page.route('**/data/airports.csv', (route) =>
      route.fulfill({ body, contentType: 'text/csv; charset=utf-8' }),
    );
    const tiles = airportTiles(body);
    await underTest.page.route('**/data/tiles/airports.pmtiles', (route) => {
      const range = byteRange(route.request().headers().range, tiles.length);
      return range
        ? route.fulfill({
            status: 206,
            headers: { 'content-range': `bytes ${range.start}-${range.end}/${tiles.length}` },
            body: tiles.subarray(range.start, range.end + 1),
          })
        : route.fulfill({ body: tiles });
    });
    underTest.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await underTest.page.goto(harness.appUrl);
    await underTest.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it('hovering an airport shows its layer, name and city', async () => {
    const text = await hoverAt(underTest.page, [-157.9224072, 21.31869111]);
    expect(text).toContain('US airports');
    expect(text).toContain('name: Honolulu International');
    expect(text).toContain('city: Honolulu');
  });

  it('shows a property that looks like HTML as text, never as markup', async () => {
    const { page, pageErrors } = underTest;
    const text = await hoverAt(page, [-149.9961856, 61.17432028]);
    expect(text).toContain(`name: ${hostileName}`);
    expect(await page.locator('.maplibregl-popup img').count()).toBe(0);
    // Give an injected onerror handler the chance to run, had the value been parsed as HTML.
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

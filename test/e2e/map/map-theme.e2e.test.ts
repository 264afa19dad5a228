// The map in the page's theme: a person who chose dark gets a dark basemap from the first frame, and
// switching the theme (the header's button, or the device while the page follows it) repaints the
// basemap in place while their result layer stays; a result drawn on an earthquake stands out in both
// themes. MapLibre's own controls take the page's colours; a publisher's online basemap is left as they
// made it. Colours are read from the map and the canvas.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor } from '../../../src/tools/map/color-contrast';
import { distDir } from '../../servers/static-server';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';
import { drawQuery } from '../map-page';
import type { Page } from 'playwright-core';

/** Relative luminance of an `rgb(r, g, b)` or `#rrggbb` colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16))
    : (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const [red, green, blue] = channels.map((value) => value / 255);
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** The offline basemap's three colours as the map holds them now. */
function basemapColors(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const map = window.mapwright!.map!.map;
    return {
      water: String(map.getPaintProperty('background', 'background-color')),
      land: String(map.getPaintProperty('land', 'fill-color')),
      borders: String(map.getPaintProperty('borders', 'line-color')),
    };
  });
}

/** The colour drawn on the canvas at an empty patch of the Pacific (west of Mexico). */
function seaPixel(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    const map = controller.map;
    const point = map.project([-135, 15]);
    const canvas = map.getCanvas();
    const scale = canvas.width / canvas.clientWidth;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0);
    const [red, green, blue] = context.getImageData(
      Math.round(point.x * scale),
      Math.round(point.y * scale),
      1,
      1,
    ).data;
    return `rgb(${red}, ${green}, ${blue})`;
  });
}

/** WCAG contrast of two `[r, g, b]` pixels (0 to 255). */
function pixelContrast(one: number[], other: number[]): number {
  return contrastRatio(hexOf(one), hexOf(other));
}

function hexOf(pixel: number[]): string {
  return `#${pixel.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Distance between two `[r, g, b]` colours, 0 to about 441. */
function colorDistance(one: number[], other: number[]): number {
  return Math.hypot(...one.map((channel, index) => channel - (other[index] ?? 0)));
}

/**
 * The canvas pixels (as drawn, in CSS pixels) of a square `2 * reach + 1` wide centred on a place, row
 * by row, once the map is idle.
 */
function pixelsAround(page: Page, place: [number, number], reach: number): Promise<number[][]> {
  return page.evaluate(
    async ({ place, reach }) => {
      const controller = window.mapwright!.map!;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await controller.whenIdle();
      const map = controller.map;
      const point = map.project(place);
      const canvas = map.getCanvas();
      const scale = canvas.width / canvas.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const pixels: number[][] = [];
      for (let dy = -reach; dy <= reach; dy += 1)
        for (let dx = -reach; dx <= reach; dx += 1) {
          const x = Math.round((point.x + dx) * scale);
          const y = Math.round((point.y + dy) * scale);
          pixels.push([...context.getImageData(x, y, 1, 1).data].slice(0, 3));
        }
      return pixels;
    },
    { place, reach },
  );
}

/**
 * Page script (plain text, run before the app): on every animation frame until the map's first idle,
 * the share of light pixels in a 24 × 24 grid over the map's canvas, in window.brightShares.
 */
const brightFramesRecorder = `
  window.brightShares = [];
  const copy = document.createElement('canvas');
  const sample = () => {
    const canvas = document.querySelector('.maplibregl-canvas');
    if (canvas && canvas.width > 0) {
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d', { willReadFrequently: true });
      context.drawImage(canvas, 0, 0);
      let bright = 0;
      for (let row = 0; row < 24; row += 1) {
        for (let column = 0; column < 24; column += 1) {
          const x = Math.floor(((column + 0.5) * canvas.width) / 24);
          const y = Math.floor(((row + 0.5) * canvas.height) / 24);
          const [red, green, blue] = context.getImageData(x, y, 1, 1).data;
          if (0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.7 * 255) bright += 1;
        }
      }
      window.brightShares.push(bright / 576);
    }
    if (document.getElementById('app')?.dataset.mapIdle !== 'true') requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
`;

async function openMapIn(
  harness: AppHarness,
  colorScheme: 'light' | 'dark',
  savedTheme?: 'light' | 'dark',
) {
  const opened = await openPage(harness.browser);
  await opened.page.emulateMedia({ colorScheme });
  if (savedTheme) {
    await opened.page.addInitScript(
      (theme) => localStorage.setItem('mapwright.theme', theme),
      savedTheme,
    );
  }
  return opened;
}

describe('the map in the page theme', () => {
  let harness: AppHarness;

  beforeAll(async () => {
    harness = await startAppHarness();
  });
  afterAll(async () => {
    await themed?.context.close();
    await harness?.close();
  });

  // The first test's page (booted dark by a saved choice, then following a light device) serves the
  // second too, reset to what a light device with no saved choice shows: one boot fewer.
  let themed: PageUnderTest | undefined;
  const drawnOnThemed: string[] = [];

  /** The map in the device's light theme with no result drawn: the first test's page, or a new one. */
  async function lightMap(): Promise<PageUnderTest> {
    if (!themed || themed.page.isClosed()) {
      const opened = await openMapIn(harness, 'light');
      await opened.page.goto(harness.appUrl);
      await opened.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
      return opened;
    }
    const { page } = themed;
    await page.emulateMedia({ colorScheme: 'light' });
    const toggle = page.getByRole('button', { name: /^Theme: / });
    for (let presses = 0; presses < 3; presses += 1) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) === undefined) break;
      await toggle.click();
    }
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    for (const id of drawnOnThemed.splice(0))
      await page.evaluate((layerId) => window.mapwright!.map!.removeLayer(layerId), id);
    await expect
      .poll(async () => luminance((await basemapColors(page)).land!))
      .toBeGreaterThan(0.8);
    await page.evaluate(() => window.mapwright!.map!.whenIdle());
    return themed;
  }

  it('starts dark for a saved dark theme, and follows the toggle and the device while a result stays', async () => {
    // A light device, but the person chose dark on an earlier visit.
    const opened = await openMapIn(harness, 'light', 'dark');
    themed = opened;
    const { page } = opened;
    await page.addInitScript({ content: brightFramesRecorder });
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // No light flash: no frame drawn before the first idle was mostly light.
    const frames = await page.evaluate(
      () => (window as unknown as { brightShares: number[] }).brightShares,
    );
    expect(frames.length).toBeGreaterThan(0);
    expect(Math.max(...frames)).toBeLessThan(0.3);

    const dark = await basemapColors(page);
    expect(luminance(dark.land!)).toBeLessThan(0.25);
    expect(luminance(dark.water!)).toBeLessThan(luminance(dark.land!));
    // What the person sees: the sea drawn dark (it was a pale blue before).
    expect(luminance(await seaPixel(page))).toBeLessThan(0.15);
    // MapLibre's zoom buttons and credits in the page's dark surface, not their own white.
    const controlBackgrounds = await page.evaluate(() =>
      ['.maplibregl-ctrl-group', '.maplibregl-ctrl-attrib'].map(
        (selector) => getComputedStyle(document.querySelector(selector)!).backgroundColor,
      ),
    );
    for (const background of controlBackgrounds) expect(luminance(background)).toBeLessThan(0.25);

    // A new result is brought into view; the sea is sampled where it was, so the view goes back after.
    const camera = await page.evaluate(() => {
      const map = window.mapwright!.map!.map;
      return { center: map.getCenter().toArray() as [number, number], zoom: map.getZoom() };
    });
    const resultId = await drawQuery(
      page,
      'SELECT id, longitude, latitude, mag FROM earthquakes ORDER BY mag DESC LIMIT 10',
      {
        geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
        style: { color_by: 'mag' },
        title: 'Strongest earthquakes',
      },
    );
    drawnOnThemed.push(resultId);
    await page.evaluate((view) => window.mapwright!.map!.map.jumpTo(view), camera);
    const resultPaint = () =>
      page.evaluate(
        (id) => window.mapwright!.map!.map.getPaintProperty(id, 'circle-color'),
        resultId,
      );
    const resultColor = await resultPaint();

    // Dark → "same as device", which is light here.
    await page.getByRole('button', { name: /^Theme: / }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await expect
      .poll(async () => luminance((await basemapColors(page)).land!))
      .toBeGreaterThan(0.8);
    const light = await basemapColors(page);
    expect(luminance(light.water!)).toBeGreaterThan(0.7);
    expect(luminance(await seaPixel(page))).toBeGreaterThan(0.7);
    // Repainted in place: the result layer and its colours, and the bundled layers, are still there.
    expect(await resultPaint()).toEqual(resultColor);
    expect(
      await page.evaluate((id) => window.mapwright!.map!.renderedFeatureCount(id), resultId),
    ).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.mapwright!.map!.listLayers().length)).toBe(4);

    // The page follows the device, and the device turns dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await basemapColors(page)).land).toBe(dark.land);
    expect(await basemapColors(page)).toEqual(dark);
    expect(await resultPaint()).toEqual(resultColor);
    expect(opened.pageErrors).toEqual([]);
  });

  it('draws a result that stands out over the earthquake beneath it, in the rendered pixels of both themes', async () => {
    const opened = await lightMap();
    const { page } = opened;
    // An earthquake a little over magnitude 4: an orange circle wider than a result's point.
    const resultId = await drawQuery(
      page,
      'SELECT longitude, latitude, mag FROM earthquakes WHERE mag BETWEEN 4 AND 4.4 ORDER BY mag DESC LIMIT 1',
      { geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' }, title: 'One quake' },
    );
    const place = await page.evaluate(async (id) => {
      const features = await window.mapwright!.map!.layerFeatures(id);
      const [longitude, latitude] = (features!.features[0]!.geometry as { coordinates: number[] })
        .coordinates;
      window.mapwright!.map!.jumpCamera({
        center: [longitude!, latitude!],
        zoom: 3,
        bearing: 0,
        pitch: 0,
      });
      return [longitude!, latitude!] as [number, number];
    }, resultId);
    const fill = parseHexColor(
      String(
        await page.evaluate(
          (id) => window.mapwright!.map!.map.getPaintProperty(id, 'circle-color'),
          resultId,
        ),
      ),
    )!;
    const reach = 14;
    const side = 2 * reach + 1;
    const centre = reach * side + reach;

    async function expectStandsOut(theme: string): Promise<void> {
      const shown = await pixelsAround(page, place, reach);
      await page.evaluate((id) => window.mapwright!.map!.setVisibility(id, false), resultId);
      const hidden = await pixelsAround(page, place, reach);
      await page.evaluate((id) => window.mapwright!.map!.setVisibility(id, true), resultId);
      // Beneath the point: the earthquake's warm circle, not the basemap.
      const beneath = hidden[centre]!;
      expect(beneath[0]! - beneath[2]!, `${theme}: ${hexOf(beneath)} beneath`).toBeGreaterThan(60);
      // The result's own colour is drawn, above the earthquake, and only when it is shown.
      const near = (pixels: number[][]) =>
        pixels.filter((pixel) => colorDistance(pixel, fill) < 40).length;
      expect(near(shown), `${theme}: pixels of ${hexOf(fill)}`).toBeGreaterThan(20);
      expect(near(hidden)).toBe(0);
      // Outlined in every direction: along each of 16 rays from its centre, some pixel drawn
      // differs from what was there by 3:1 or more (WCAG's contrast for graphics).
      const weakRays: number[] = [];
      for (let ray = 0; ray < 16; ray += 1) {
        const angle = (ray * Math.PI) / 8;
        const best = Math.max(
          ...Array.from({ length: reach }, (_, step) => {
            const x = reach + Math.round(Math.cos(angle) * (step + 1));
            const y = reach + Math.round(Math.sin(angle) * (step + 1));
            return pixelContrast(shown[y * side + x]!, hidden[y * side + x]!);
          }),
        );
        if (best < 3) weakRays.push(ray);
      }
      expect(weakRays, `${theme}: rays without a 3:1 edge`).toEqual([]);
    }

    await expectStandsOut('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => luminance((await basemapColors(page)).land!)).toBeLessThan(0.25);
    await expectStandsOut('dark');
    expect(opened.pageErrors).toEqual([]);
    if (opened !== themed) await opened.context.close();
  });

  it("leaves a publisher's online basemap as they made it, in either theme", async () => {
    const config = JSON.parse(readFileSync(join(distDir, 'app-config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const styleUrl = `${harness.appUrl}publisher-style.json`;
    config.basemap = { kind: 'style', url: styleUrl };
    // A publisher's own style whose layer ids match the offline basemap's.
    const publisherStyle = {
      version: 8,
      sources: {},
      layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#336699' } }],
    };
    const opened = await openMapIn(harness, 'dark');
    const { page } = opened;
    await page.route('**/app-config.json', (route) =>
      route.fulfill({ body: JSON.stringify(config), contentType: 'application/json' }),
    );
    await page.route('**/publisher-style.json', (route) =>
      route.fulfill({ body: JSON.stringify(publisherStyle), contentType: 'application/json' }),
    );
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    const background = () =>
      page.evaluate(() =>
        window.mapwright!.map!.map.getPaintProperty('background', 'background-color'),
      );
    expect(await background()).toBe('#336699');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await background()).toBe('#336699');
    expect(opened.pageErrors).toEqual([]);
    await opened.context.close();
  });
});

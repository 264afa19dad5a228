// @vitest-environment jsdom
// The offline basemap in the page's theme: the style starts in the palette of the theme the page has,
// and a theme change (the toggle, or the device while the page follows it) repaints the three basemap
// layers in place and touches nothing else.
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyBasemapPalette,
  basemapPalettes,
  type PaintableMap,
} from '../../../src/map/basemap/basemap-palette';
import { offlineStyle } from '../../../src/map/basemap/offline-basemap';
import {
  pageColorScheme,
  watchPageColorScheme,
  type SchemeSource,
} from '../../../src/map/basemap/page-color-scheme';

/** Relative luminance of a #rrggbb colour (WCAG), 0 black to 1 white. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** A device whose prefers-color-scheme the test switches, like the system setting. */
function fakeDevice(dark: boolean): SchemeSource & { switchTo(dark: boolean): void } {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  return {
    root: document.documentElement,
    matchMedia: () => media,
    switchTo(next) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A map holding the offline style's layers plus a result layer; records every paint it is given. */
function fakeMap(layerIds = ['background', 'land', 'borders', 'result-1']) {
  const paints: [string, string, unknown][] = [];
  const map: PaintableMap = {
    getLayer: (layerId) => (layerIds.includes(layerId) ? { id: layerId } : undefined),
    setPaintProperty: (layerId, property, value) => paints.push([layerId, property, value]),
  };
  return { map, paints };
}

/** MutationObserver callbacks run as a microtask. */
const observed = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('the basemap palettes', () => {
  it('give a dark theme a dark map that keeps coasts and borders readable', () => {
    const { light, dark } = basemapPalettes;
    expect(luminance(dark.land)).toBeLessThan(0.05);
    expect(luminance(dark.water)).toBeLessThan(luminance(dark.land));
    expect(luminance(light.water)).toBeLessThan(luminance(light.land));
    for (const palette of [light, dark]) {
      expect(contrast(palette.land, palette.water)).toBeGreaterThan(1.1);
      expect(contrast(palette.borders, palette.land)).toBeGreaterThan(2);
    }
    // The earthquakes' weakest yellow and a result's darkest circle ring (white) stand out on dark land.
    expect(contrast('#fde68a', dark.land)).toBeGreaterThan(7);
    expect(contrast('#ffffff', dark.land)).toBeGreaterThan(7);
  });

  it('start the offline style in the palette it is given', () => {
    const style = offlineStyle('pmtiles://basemap', basemapPalettes.dark) as {
      layers: { id: string; paint: Record<string, unknown> }[];
    };
    const paint = Object.fromEntries(style.layers.map((layer) => [layer.id, layer.paint]));
    expect(paint.background?.['background-color']).toBe(basemapPalettes.dark.water);
    expect(paint.land?.['fill-color']).toBe(basemapPalettes.dark.land);
    expect(paint.borders?.['line-color']).toBe(basemapPalettes.dark.borders);
  });

  it('repaint only the basemap layers, and skip those a style does not have', () => {
    const { map, paints } = fakeMap(['background', 'land', 'result-1']);
    applyBasemapPalette(map, basemapPalettes.dark);
    expect(paints).toEqual([
      ['background', 'background-color', basemapPalettes.dark.water],
      ['land', 'fill-color', basemapPalettes.dark.land],
    ]);
  });
});

describe("the page's colour scheme", () => {
  it('is the pinned theme when there is one, else the device', () => {
    const device = fakeDevice(true);
    expect(pageColorScheme(device)).toBe('dark');
    document.documentElement.dataset.theme = 'light';
    expect(pageColorScheme(device)).toBe('light');
  });

  it('repaints the basemap when the person pins a theme and when the device switches, until stopped', async () => {
    const device = fakeDevice(false);
    const { map, paints } = fakeMap();
    const schemes: string[] = [];
    const stop = watchPageColorScheme((scheme) => {
      schemes.push(scheme);
      applyBasemapPalette(map, basemapPalettes[scheme]);
    }, device);

    document.documentElement.dataset.theme = 'dark';
    await observed();
    expect(schemes).toEqual(['dark']);
    expect(paints.at(1)).toEqual(['land', 'fill-color', basemapPalettes.dark.land]);
    expect(paints.map(([layerId]) => layerId)).not.toContain('result-1');

    // Back to "same as device" on a light device, then the device turns dark.
    delete document.documentElement.dataset.theme;
    await observed();
    device.switchTo(true);
    expect(schemes).toEqual(['dark', 'light', 'dark']);

    // A device change under a pinned theme changes nothing.
    document.documentElement.dataset.theme = 'dark';
    await observed();
    device.switchTo(false);
    expect(schemes).toEqual(['dark', 'light', 'dark']);

    stop();
    document.documentElement.dataset.theme = 'light';
    await observed();
    expect(schemes).toEqual(['dark', 'light', 'dark']);
  });
});

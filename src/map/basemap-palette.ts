// The offline basemap's colours in the light and the dark theme, and their application to a running
// map. The basemap is the quiet ground under the data: land and water differ just enough to read the
// coasts, and the borders are a faint line, so every data colour (the earthquakes' yellow to dark red,
// the counties' pale-to-navy blues, the result palettes) stands out against it.
import type { ColorScheme } from './page-color-scheme';

/** The offline basemap's three colours. */
export interface BasemapPalette {
  /** The sea: the style's background, seen wherever there is no land. */
  water: string;
  land: string;
  borders: string;
}

/**
 * Light: a pale blue sea and warm off-white land (as before), grey borders.
 * Dark: near the page's own dark surfaces (tokens.css: #17181c, #1e2026), so the map sits in the page
 * instead of glowing beside it. The sea is the darkest, with a hint of blue so it reads as water; the
 * land is one step lighter (1.3:1 against the sea; the light theme's is 1.1:1) and stays dark enough
 * that the earthquakes' pale yellows (11:1), the counties' pale classes and the white rings around
 * every circle read at full contrast; the borders are a mid grey that separates countries without
 * drawing the eye (2.3:1 against the land, as in the light theme).
 */
export const basemapPalettes: Record<ColorScheme, BasemapPalette> = {
  light: { water: '#dbeafe', land: '#f8f5ee', borders: '#9ca3af' },
  dark: { water: '#10151e', land: '#272b34', borders: '#5a6170' },
};

/** The offline style's layer ids, and the paint property each palette colour sets on them. */
const paintedLayers = [
  { layerId: 'background', property: 'background-color', color: 'water' },
  { layerId: 'land', property: 'fill-color', color: 'land' },
  { layerId: 'borders', property: 'line-color', color: 'borders' },
] as const;

/** One paint value the palette gives the offline basemap. */
export interface BasemapPaint {
  layerId: 'background' | 'land' | 'borders';
  property: string;
  value: string;
}

/** Each offline basemap layer's colour in `palette`. */
export function basemapPaint(palette: BasemapPalette): BasemapPaint[] {
  return paintedLayers.map(({ layerId, property, color }) => ({
    layerId,
    property,
    value: palette[color],
  }));
}

/** What applying a palette needs of the map (MapLibre's Map has both). */
export interface PaintableMap {
  getLayer(layerId: string): unknown;
  setPaintProperty(layerId: string, property: string, value: unknown): unknown;
}

/**
 * Repaints the offline basemap's layers in `palette`, in place: no style reload, so the data and
 * result layers, their sources and the camera stay as they are.
 */
export function applyBasemapPalette(map: PaintableMap, palette: BasemapPalette): void {
  for (const { layerId, property, value } of basemapPaint(palette)) {
    if (map.getLayer(layerId)) map.setPaintProperty(layerId, property, value);
  }
}

// The offline basemap's colours in the light and the dark theme, and their application to a running
// map. The basemap is the quiet ground under the data: land and water differ just enough to read the
// coasts, and the borders are a faint line, so every data colour (the earthquakes' yellow to dark red,
// the counties' pale-to-navy blues, the result palettes) stands out against it.
import { basemapPalettes, type BasemapPalette } from '../../geo/basemap-colors';

export { basemapPalettes, type BasemapPalette };

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

// The offline basemap: land and country borders from world-atlas, cut into vector tiles at build time
// (scripts/build/basemap-layers.ts) and read from data/tiles/basemap.pmtiles. No glyphs, sprites or network.
// Its colours come from basemap-palette.ts, in the theme the page has when the map starts.
import { basemapPaint, type BasemapPalette } from './basemap-palette';

/** Where the build puts the basemap's tiles, relative to the page. */
export const basemapTilesPath = 'data/tiles/basemap.pmtiles';

/** A MapLibre style (as plain JSON) for the offline basemap, its tiles at `sourceUrl`, in `palette`. */
export function offlineStyle(sourceUrl: string, palette: BasemapPalette): Record<string, unknown> {
  const color = Object.fromEntries(
    basemapPaint(palette).map(({ layerId, value }) => [layerId, value]),
  ) as Record<'background' | 'land' | 'borders', string>;
  return {
    version: 8,
    sources: {
      basemap: { type: 'vector', url: sourceUrl, attribution: 'Basemap: Natural Earth' },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': color.background } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        paint: { 'fill-color': color.land, 'fill-antialias': true },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        paint: { 'line-color': color.borders, 'line-width': 0.6 },
      },
    ],
  };
}

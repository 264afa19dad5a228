// The offline basemap: land and country borders from world-atlas, cut into vector tiles at build time
// (scripts/basemap-layers.ts) and read from data/tiles/basemap.pmtiles. No glyphs, sprites or network.

/** Where the build puts the basemap's tiles, relative to the page. */
export const basemapTilesPath = 'data/tiles/basemap.pmtiles';

/** A MapLibre style (as plain JSON) for the offline basemap, its tiles at `sourceUrl`. */
export function offlineStyle(sourceUrl: string): Record<string, unknown> {
  return {
    version: 8,
    sources: {
      basemap: { type: 'vector', url: sourceUrl, attribution: 'Basemap: Natural Earth' },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dbeafe' } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        paint: { 'fill-color': '#f8f5ee', 'fill-antialias': true },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        paint: { 'line-color': '#9ca3af', 'line-width': 0.6 },
      },
    ],
  };
}

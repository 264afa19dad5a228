// The MapLibre source a layer is drawn from: a PMTiles archive cut at build time, tiles served from
// features held off the page's thread (an upload's), or the features themselves as GeoJSON.
import { tileArchiveUrl } from '../sources/tile-archives';
import { paddedBounds } from './padded-bounds';
import type { NewLayer } from '../../tools/map/map-port';
import type * as maplibregl from 'maplibre-gl';

/** Where a layer's ready-made vector tiles are: a PMTiles archive and the tile layer inside it. */
export interface LayerTiles {
  /** Absolute URL of the archive. */
  url: string;
  sourceLayer: string;
}

/**
 * The source of `layer`: its archive's `tiles`, else the URL template `servedTiles` of its served
 * features, else its features.
 */
export function layerSource(
  layer: NewLayer,
  tiles: LayerTiles | undefined,
  servedTiles: string | undefined,
): maplibregl.SourceSpecification {
  if (tiles) return { type: 'vector', url: tileArchiveUrl(tiles.url) };
  if (servedTiles && layer.served)
    return {
      type: 'vector',
      tiles: [servedTiles],
      maxzoom: layer.served.maxZoom,
      ...(layer.served.bounds ? { bounds: paddedBounds(layer.served.bounds) } : {}),
    };
  // A small tile buffer and a coarser simplification at low zooms cut the work of tiling thousands of
  // shapes (and of drawing them through a software renderer) without a visible change: the buffer
  // only has to cover a circle's radius, and full detail returns as the person zooms in.
  return {
    type: 'geojson',
    data: layer.features,
    generateId: true,
    buffer: 16,
    tolerance: layer.kind === 'circle' ? 0.375 : 1,
  };
}

// Vector tiles cut off the page's thread (an upload's, in the table decoder's worker) as MapLibre
// sources: `mapwright-tiles://` URLs, answered by asking whoever holds the features for the tile.
// Only bytes cross threads, a tile at a time, instead of the whole collection cloned to the page and
// again to MapLibre's worker.
import * as maplibregl from 'maplibre-gl';
import type { ServedFeatures } from '../../tools/map/map-port';

const scheme = 'mapwright-tiles';
const served = new Map<string, ServedFeatures>();
let registered = false;
let sources = 0;

/** An empty tile: MapLibre draws nothing there. */
const emptyTile = new Uint8Array();

/** The source's tile URL template for `features`; `stopServing` with the returned key ends it. */
export function serveTiles(features: ServedFeatures): { key: string; tiles: string } {
  if (!registered) {
    registered = true;
    maplibregl.addProtocol(scheme, async ({ url }) => {
      const [key = '', z, x, y] = url.slice(`${scheme}://`.length).split('/');
      const tile = await served.get(key)?.tile(Number(z), Number(x), Number(y));
      return { data: tile ?? emptyTile };
    });
  }
  const key = `source-${(sources += 1)}`;
  served.set(key, features);
  return { key, tiles: `${scheme}://${key}/{z}/{x}/{y}` };
}

/** Stops answering for a source's tiles (its layer was removed or replaced). */
export function stopServing(key: string): void {
  served.delete(key);
}

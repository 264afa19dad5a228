// A worker that holds big point layers (read from DuckDB as typed arrays) and cuts their vector tiles,
// so neither the points nor their indexing ever reach the page's thread. Each request is one of
// PointTileRequest; each answer `{ id, value }` (a tile's bytes transferred) or `{ id, error }`.
import { errorMessage } from '../../errors/error-message';
import { PointTiles } from '../../geo/point-tiles';

/**
 * Index a layer's points (answers how many have a place on the map), cut a tile of it (its bytes, or
 * null when empty), let it go, or count the layers held (for tests).
 */
export type PointTileRequest =
  | {
      id: number;
      kind: 'index';
      layerId: string;
      tileLayer: string;
      longitudes: Float64Array;
      latitudes: Float64Array;
    }
  | { id: number; kind: 'tile'; layerId: string; z: number; x: number; y: number }
  | { id: number; kind: 'release'; layerId: string }
  | { id: number; kind: 'held' };

/** The worker's answer to one request. */
export type PointTileAnswer = { id: number; value: unknown } | { id: number; error: string };

const layers = new Map<string, PointTiles>();

function answer(request: PointTileRequest): unknown {
  switch (request.kind) {
    case 'index': {
      const tiles = new PointTiles(request.longitudes, request.latitudes, request.tileLayer);
      layers.set(request.layerId, tiles);
      return tiles.count;
    }
    case 'tile':
      return layers.get(request.layerId)?.tile(request.z, request.x, request.y) ?? null;
    case 'release':
      layers.delete(request.layerId);
      return true;
    case 'held':
      return layers.size;
  }
}

self.addEventListener('message', (event: MessageEvent<PointTileRequest>) => {
  const { id } = event.data;
  try {
    const value = answer(event.data);
    const reply: PointTileAnswer = { id, value };
    self.postMessage(reply, { transfer: value instanceof Uint8Array ? [value.buffer] : [] });
  } catch (error) {
    const reply: PointTileAnswer = { id, error: errorMessage(error) };
    self.postMessage(reply);
  }
});

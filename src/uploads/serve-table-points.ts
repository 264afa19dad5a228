// A layer of millions of points, drawn from a table in DuckDB: the points are read as typed arrays
// (src/data/duckdb/read-table-points.ts), handed to the point tile worker, and served to the map as vector
// tiles. The page's thread holds no feature, and the extent comes from SQL's min and max.
import { holdPoints } from '../data/workers/point-tile-client';
import { pointTilesMaxZoom } from '../geo/point-tiles';
import type { DataEngine, PointSource } from '../data/data-engine';
import type { ServedFeatures } from '../tools/map/map-port';

/** Reads the table's points and serves them as tiles of the layer `source.table`; throws a sentence. */
export async function serveTablePoints(
  engine: DataEngine,
  source: PointSource,
  tileLayer: string = source.table,
): Promise<ServedFeatures> {
  if (!engine.readPoints) throw new Error('this data engine cannot read points for the map');
  const { longitudes, latitudes, bounds } = await engine.readPoints(source);
  const held = await holdPoints(tileLayer, longitudes, latitudes);
  return {
    featureCount: held.count,
    bounds,
    properties: [],
    maxZoom: pointTilesMaxZoom,
    tile: held.tile,
    features: async () => {
      throw new Error(
        `the layer ${tileLayer} draws ${held.count.toLocaleString('en-US')} points from tiles, too many to copy to the page; query its table instead`,
      );
    },
    release: held.release,
  };
}

// The extent of a feature collection, for fit-to-data.
import type { Bounds } from '../tools/map/map-port';
import type { FeatureCollection, Geometry, Position } from 'geojson';

function positions(geometry: Geometry | null): Position[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'GeometryCollection':
      return geometry.geometries.flatMap(positions);
  }
}

/** [west, south, east, north] of every position, or undefined for an empty collection. */
export function featureBounds(collection: FeatureCollection): Bounds | undefined {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const feature of collection.features) {
    for (const [longitude = 0, latitude = 0] of positions(feature.geometry)) {
      west = Math.min(west, longitude);
      east = Math.max(east, longitude);
      south = Math.min(south, latitude);
      north = Math.max(north, latitude);
    }
  }
  return Number.isFinite(west) ? [west, south, east, north] : undefined;
}

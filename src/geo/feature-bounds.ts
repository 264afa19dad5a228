// The extent of a feature collection, for fit-to-data.
import type { Bounds } from './bounds';
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

/**
 * [west, south, east, north] of every position, or undefined for an empty collection. Data spread over
 * more than half the world's longitudes may rather sit across the antimeridian (Fiji, a route from Tokyo
 * to Los Angeles, split at ±180): then the bounds are the narrowest span that covers it, running east
 * past 180 (170 to 190), so fitting the view to it shows the Pacific, not the whole world.
 */
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
  if (!Number.isFinite(west)) return undefined;
  if (east - west <= 180) return [west, south, east, north];
  const [wrappedWest, wrappedEast] = narrowestLongitudes(collection);
  return [wrappedWest, south, wrappedEast, north];
}

/**
 * The narrowest span of longitudes covering every position, on a circle: it leaves out the widest gap
 * between neighbouring longitudes. West is in [-180, 180); east may run past 180.
 */
function narrowestLongitudes(collection: FeatureCollection): [number, number] {
  const longitudes = [
    ...new Set(
      collection.features.flatMap((feature) =>
        positions(feature.geometry).map(([longitude = 0]) => wrapLongitude(longitude)),
      ),
    ),
  ].sort((a, b) => a - b);
  const first = longitudes[0]!;
  const last = longitudes[longitudes.length - 1]!;
  // The gap across the antimeridian, from the last longitude round to the first.
  let widestGap = first + 360 - last;
  let span: [number, number] = [first, last];
  for (let index = 1; index < longitudes.length; index += 1) {
    const gap = longitudes[index]! - longitudes[index - 1]!;
    if (gap > widestGap) {
      widestGap = gap;
      span = [longitudes[index]!, longitudes[index - 1]! + 360];
    }
  }
  return span;
}

/** A longitude in [-180, 180). */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

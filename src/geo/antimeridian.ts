// Geometry that crosses the antimeridian (Russia, Fiji, the US's Aleutians) comes out of topojson as
// rings that jump from +180 to -180; MapLibre draws such a jump as a streak across the whole world.
// Rings are unwrapped so consecutive points never jump by more than 180 degrees, and a copy shifted by
// 360 degrees is added for the part that spills past ±180, so both sides of the line stay filled.
// Lines (a route across the Pacific) are cut at ±180 where they cross, each part running to the line.
import type { Geometry, Position } from 'geojson';

/** True when two consecutive points are more than 180 degrees of longitude apart. */
export function hasAntimeridianJump(ring: Position[]): boolean {
  for (let index = 1; index < ring.length; index += 1) {
    if (Math.abs((ring[index]?.[0] ?? 0) - (ring[index - 1]?.[0] ?? 0)) > 180) return true;
  }
  return false;
}

/** The ring with each longitude moved by ±360 to be within 180 degrees of the point before it. */
export function unwrapRing(ring: Position[]): Position[] {
  const result: Position[] = [];
  let previous: number | undefined;
  for (const position of ring) {
    let longitude = position[0] ?? 0;
    if (previous !== undefined) {
      while (longitude - previous > 180) longitude -= 360;
      while (longitude - previous < -180) longitude += 360;
    }
    result.push([longitude, ...position.slice(1)]);
    previous = longitude;
  }
  return result;
}

function shift(ring: Position[], offset: number): Position[] {
  return ring.map((position) => [(position[0] ?? 0) + offset, ...position.slice(1)]);
}

function fixPolygon(rings: Position[][]): Position[][][] {
  const outer = rings[0];
  if (!outer || !rings.some(hasAntimeridianJump)) return [rings];
  const unwrapped = rings.map(unwrapRing);
  const first = unwrapped[0]?.[0]?.[0] ?? 0;
  const last = unwrapped[0]?.at(-1)?.[0] ?? 0;
  // A ring that goes all the way round (Antarctica) does not close once unwrapped: it encircles the
  // pole and is drawn correctly as it was.
  if (Math.abs(first - last) > 1e-6) return [rings];
  const longitudes = unwrapped.flat().map((position) => position[0] ?? 0);
  const polygons = [unwrapped];
  if (Math.max(...longitudes) > 180) polygons.push(unwrapped.map((ring) => shift(ring, -360)));
  if (Math.min(...longitudes) < -180) polygons.push(unwrapped.map((ring) => shift(ring, 360)));
  return polygons;
}

/**
 * Where the segment from `from` to `to` (which jumps across the map) meets the antimeridian: the
 * longitude it leaves by (±180) and the latitude there, on the straight segment unwrapped.
 */
function crossing(from: Position, to: Position): { edge: number; latitude: number } {
  const fromLongitude = from[0] ?? 0;
  const fromLatitude = from[1] ?? 0;
  // A jump from east to west (179 to -179) goes on eastward, past 180; the other way past -180.
  const edge = fromLongitude > (to[0] ?? 0) ? 180 : -180;
  const toLongitude = (to[0] ?? 0) + 2 * edge;
  const share =
    toLongitude === fromLongitude ? 0 : (edge - fromLongitude) / (toLongitude - fromLongitude);
  return { edge, latitude: fromLatitude + share * ((to[1] ?? 0) - fromLatitude) };
}

/**
 * The line cut where it crosses the antimeridian, each part running to ±180 at the crossing: without
 * the crossing point a two-point route (Tokyo to Los Angeles) lost both of its one-point halves.
 */
function splitLine(line: Position[]): Position[][] {
  const parts: Position[][] = [];
  let current: Position[] = [];
  for (const position of line) {
    const previous = current.at(-1);
    if (previous && Math.abs((position[0] ?? 0) - (previous[0] ?? 0)) > 180) {
      const { edge, latitude } = crossing(previous, position);
      if (previous[0] !== edge) current.push([edge, latitude]);
      if (current.length > 1) parts.push(current);
      current = position[0] === -edge ? [] : [[-edge, latitude]];
    }
    current.push(position);
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

/** A geometry that draws without streaks; geometries that need no fix are returned as they are. */
export function fixAntimeridian(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon': {
      const polygons = fixPolygon(geometry.coordinates);
      return polygons.length === 1 && polygons[0] === geometry.coordinates
        ? geometry
        : { type: 'MultiPolygon', coordinates: polygons };
    }
    case 'MultiPolygon': {
      if (!geometry.coordinates.some((polygon) => polygon.some(hasAntimeridianJump)))
        return geometry;
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.flatMap(fixPolygon) };
    }
    case 'LineString': {
      if (!hasAntimeridianJump(geometry.coordinates)) return geometry;
      return { type: 'MultiLineString', coordinates: splitLine(geometry.coordinates) };
    }
    case 'MultiLineString': {
      if (!geometry.coordinates.some(hasAntimeridianJump)) return geometry;
      return { type: 'MultiLineString', coordinates: geometry.coordinates.flatMap(splitLine) };
    }
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(fixAntimeridian) };
    default:
      return geometry;
  }
}

// The `bounds` of a source whose tiles are served from features held elsewhere (an upload's): MapLibre
// asks only for the tiles inside a source's bounds, so they must cover every tile a feature is drawn in.
import type { Bounds } from '../../tools/map/map-port';

/**
 * A served source's bounds, a hair wider: a feature exactly on a tile's edge (longitude -90 is one at
 * every zoom from 2) lies in the tile past that edge, which bounds ending on the edge would leave out.
 * Longitudes past ±180 (data in 0–360 degrees, a shape unwrapped across the antimeridian) are drawn
 * wrapped round to the other side, in tiles that bounds clamped to ±180 would leave out (all of them
 * for points at 185–195), so such a layer's bounds span every longitude.
 */
export function paddedBounds([west, south, east, north]: Bounds): Bounds {
  const pad = 1e-6;
  const wraps = west < -180 || east > 180;
  return [
    wraps ? -180 : Math.max(-180, west - pad),
    Math.max(-90, south - pad),
    wraps ? 180 : Math.min(180, east + pad),
    Math.min(90, north + pad),
  ];
}

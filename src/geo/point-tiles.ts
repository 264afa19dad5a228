// Millions of points as vector tiles, cut on demand from typed arrays. The points are sorted once by
// their Z-order (Morton) key at zoom 16, so every tile at zoom 16 or less is one run of the sorted
// array, found by two binary searches; a tile keeps at most one point per 4-pixel cell, so a tile of
// the whole world is as light as one of a street. geojson-vt holds a JavaScript object per point and
// tiles zoom 0 from all of them at once: at 1.9 M points that took longer than the person waited.
import { encodePointTile } from './encode-point-tile';

/** MapLibre's tile geometry resolution for 512-pixel vector tiles. */
const extent = 8192;

/**
 * Beyond this many points a layer is drawn from point tiles (the table's columns read into typed
 * arrays) instead of a feature object a point: below it, features keep their properties for tooltips,
 * filters and colours.
 */
export const largePointCount = 200_000;

/** The zoom the sort keys are cut at: the deepest tiles found by a run of the array. */
export const pointTilesMaxZoom = 16;

/** Cells a tile is cut into per side: one point is kept per cell (4 pixels of a 512-pixel tile). */
const cellsPerSide = 128;
const cellBits = Math.log2(cellsPerSide);

/** Web Mercator's latitude limit: beyond it a point has no place on the map. */
const maxLatitude = 85.0511287798066;

/** Spreads the 16 low bits of `value` to the even bits of a 32-bit number. */
function spreadBits(value: number): number {
  let spread = value & 0xffff;
  spread = (spread | (spread << 8)) & 0x00ff00ff;
  spread = (spread | (spread << 4)) & 0x0f0f0f0f;
  spread = (spread | (spread << 2)) & 0x33333333;
  spread = (spread | (spread << 1)) & 0x55555555;
  return spread;
}

/** The Morton key of tile (x, y) at a zoom of up to 16: y's bits odd, x's even. */
function mortonKey(x: number, y: number): number {
  return (spreadBits(x) | (spreadBits(y) << 1)) >>> 0;
}

/** The first position in `keys` (sorted) from `start` whose key is at least `key`. */
function lowerBound(keys: Uint32Array, key: number, start: number, end: number): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? 0) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The positions of `keys` in ascending key order: two passes of 16 bits each (stable, linear in the
 * points), carrying the keys along so every pass reads them in order.
 */
function sortByKey(keys: Uint32Array): Uint32Array {
  const count = keys.length;
  let keysIn = keys.slice();
  let orderIn = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) orderIn[index] = index;
  let keysOut = new Uint32Array(count);
  let orderOut = new Uint32Array(count);
  const starts = new Uint32Array(65537);
  for (const shift of [0, 16]) {
    starts.fill(0);
    for (let index = 0; index < count; index += 1)
      starts[((keysIn[index]! >>> shift) & 0xffff) + 1]! += 1;
    for (let bucket = 1; bucket < 65537; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
    for (let index = 0; index < count; index += 1) {
      const key = keysIn[index]!;
      const position = starts[(key >>> shift) & 0xffff]!++;
      keysOut[position] = key;
      orderOut[position] = orderIn[index]!;
    }
    [keysIn, keysOut] = [keysOut, keysIn];
    [orderIn, orderOut] = [orderOut, orderIn];
  }
  return orderIn;
}

/** The points of a layer, indexed for tiles; the arrays given are read, not kept. */
export class PointTiles {
  /** Morton keys at zoom 16, ascending. */
  private readonly keys: Uint32Array;
  /** Each sorted point's position in the arrays given (its feature id). */
  private readonly ids: Uint32Array;
  /** Web Mercator x and y of the sorted points, from 0 to 1. */
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;

  /**
   * Indexes the points; `layerName` is the tile layer they go in. Points with a coordinate that is
   * not a number, or outside longitude -180..180 and latitude -90..90, are left out.
   */
  constructor(
    longitudes: Float64Array,
    latitudes: Float64Array,
    private readonly layerName: string,
  ) {
    const count = Math.min(longitudes.length, latitudes.length);
    const xs = new Float64Array(count);
    const ys = new Float64Array(count);
    const given = new Uint32Array(count);
    const side = 2 ** pointTilesMaxZoom;
    let kept = 0;
    for (let index = 0; index < count; index += 1) {
      const longitude = longitudes[index]!;
      const latitude = latitudes[index]!;
      if (!(longitude >= -180 && longitude <= 180 && latitude >= -90 && latitude <= 90)) continue;
      const sine = Math.sin(
        (Math.max(-maxLatitude, Math.min(maxLatitude, latitude)) * Math.PI) / 180,
      );
      xs[kept] = (longitude + 180) / 360;
      ys[kept] = 0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI);
      given[kept] = index;
      kept += 1;
    }
    const keys = new Uint32Array(kept);
    for (let index = 0; index < kept; index += 1) {
      const tileX = Math.min(side - 1, Math.floor(xs[index]! * side));
      const tileY = Math.min(side - 1, Math.floor(ys[index]! * side));
      keys[index] = mortonKey(tileX, tileY);
    }
    const order = sortByKey(keys);
    this.keys = new Uint32Array(kept);
    this.ids = new Uint32Array(kept);
    this.xs = new Float64Array(kept);
    this.ys = new Float64Array(kept);
    for (let index = 0; index < kept; index += 1) {
      const position = order[index]!;
      this.keys[index] = keys[position]!;
      this.ids[index] = given[position]!;
      this.xs[index] = xs[position]!;
      this.ys[index] = ys[position]!;
    }
  }

  /** How many points are drawn (those with a place on the map). */
  get count(): number {
    return this.keys.length;
  }

  /** The tile's Mapbox Vector Tile bytes, or undefined when no point falls in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    const points = this.tilePoints(z, x, y);
    if (points.count === 0) return undefined;
    return encodePointTile(this.layerName, extent, points.count, points.ids, points.xs, points.ys);
  }

  /** The points a tile draws (ids, tile positions): every point, or one a cell where they crowd. */
  private tilePoints(z: number, x: number, y: number): TilePoints {
    const deepest = pointTilesMaxZoom;
    // Deeper than the keys: the run of the zoom-16 tile holding this one, filtered below.
    const keyZoom = Math.min(z, deepest);
    const keyX = Math.floor(x / 2 ** (z - keyZoom));
    const keyY = Math.floor(y / 2 ** (z - keyZoom));
    const span = 4 ** (deepest - keyZoom);
    const first = mortonKey(keyX, keyY) * span;
    const start = lowerBound(this.keys, first, 0, this.keys.length);
    const end = lowerBound(this.keys, first + span, start, this.keys.length);
    const scale = 2 ** z;
    // One point a cell at most, so a tile never holds more than a cell each.
    const most = Math.min(end - start, cellsPerSide * cellsPerSide);
    const points: TilePoints = {
      count: 0,
      ids: new Uint32Array(most),
      xs: new Int32Array(most),
      ys: new Int32Array(most),
    };
    const add = (index: number): boolean => {
      const tileX = Math.floor((this.xs[index]! * scale - x) * extent);
      const tileY = Math.floor((this.ys[index]! * scale - y) * extent);
      if (tileX < 0 || tileX >= extent || tileY < 0 || tileY >= extent) return false;
      points.ids[points.count] = this.ids[index]!;
      points.xs[points.count] = tileX;
      points.ys[points.count] = tileY;
      points.count += 1;
      return true;
    };
    if (z + cellBits <= deepest) {
      // A cell is a run of the keys too: keep its first point and jump past the rest.
      const cellSpan = 4 ** (deepest - z - cellBits);
      let index = start;
      while (index < end) {
        add(index);
        const cellEnd = (Math.floor(this.keys[index]! / cellSpan) + 1) * cellSpan;
        index = lowerBound(this.keys, cellEnd, index + 1, end);
      }
      return points;
    }
    const taken = new Uint8Array(cellsPerSide * cellsPerSide);
    for (let index = start; index < end; index += 1) {
      const cellX = Math.floor((this.xs[index]! * scale - x) * cellsPerSide);
      const cellY = Math.floor((this.ys[index]! * scale - y) * cellsPerSide);
      if (cellX < 0 || cellX >= cellsPerSide || cellY < 0 || cellY >= cellsPerSide) continue;
      const cell = cellY * cellsPerSide + cellX;
      if (taken[cell] === 1) continue;
      if (add(index)) taken[cell] = 1;
    }
    return points;
  }
}

/** The points of one tile, as the encoder reads them. */
interface TilePoints {
  count: number;
  ids: Uint32Array;
  xs: Int32Array;
  ys: Int32Array;
}

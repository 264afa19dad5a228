// Millions of points cut into tiles from typed arrays: each tile holds the points in its area (by
// their ids, the rows they came from), where they are in it, at most one a 4-pixel cell where they
// crowd, every point once zoomed in; points off the map are left out.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { PointTiles } from '../../src/geo/point-tiles';

/** The x and y of the tile at zoom `z` that holds [lon, lat] (Web Mercator). */
function tileOf(z: number, [lon, lat]: [number, number]): [number, number] {
  const scale = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = Math.floor(((lon + 180) / 360) * scale);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale);
  return [x, y];
}

/** The points of a tile's layer: id and position in tile units. */
function pointsIn(bytes: Uint8Array | undefined, layerName: string) {
  if (!bytes) return [];
  const layer = new VectorTile(new PbfReader(bytes)).layers[layerName];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => {
    const feature = layer.feature(index);
    const [point] = feature.loadGeometry()[0] ?? [];
    return { id: feature.id, type: feature.type, x: point?.x ?? -1, y: point?.y ?? -1 };
  });
}

const paris: [number, number] = [2.35, 48.86];
const lyon: [number, number] = [4.84, 45.76];
const tokyo: [number, number] = [139.69, 35.69];

function tilesOf(points: [number, number][]): PointTiles {
  return new PointTiles(
    Float64Array.from(points.map(([lon]) => lon)),
    Float64Array.from(points.map(([, lat]) => lat)),
    'places',
  );
}

describe('point tiles', () => {
  it('puts each point in the tile that covers it, numbered by its row', () => {
    const tiles = tilesOf([paris, lyon, tokyo]);
    const [x, y] = tileOf(5, paris);
    const ids = pointsIn(tiles.tile(5, x, y), 'places').map((point) => point.id);
    expect(ids.sort()).toEqual([0, 1]);
    const [tokyoX, tokyoY] = tileOf(5, tokyo);
    expect(pointsIn(tiles.tile(5, tokyoX, tokyoY), 'places').map((point) => point.id)).toEqual([2]);
    expect(pointsIn(tiles.tile(0, 0, 0), 'places')).toHaveLength(3);
  });

  it('places a point where it is in the tile, as points drawn by MapLibre', () => {
    const tiles = tilesOf([paris]);
    for (const z of [0, 7, 12, 16, 19]) {
      const scale = 2 ** z;
      const sin = Math.sin((paris[1] * Math.PI) / 180);
      const worldX = ((paris[0] + 180) / 360) * scale;
      const worldY = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
      const [x, y] = tileOf(z, paris);
      const [point] = pointsIn(tiles.tile(z, x, y), 'places');
      expect(point?.type).toBe(1);
      expect(point?.x).toBe(Math.floor((worldX - x) * 8192));
      expect(point?.y).toBe(Math.floor((worldY - y) * 8192));
    }
  });

  it('answers nothing for a tile with no point', () => {
    const tiles = tilesOf([paris]);
    const [x, y] = tileOf(6, tokyo);
    expect(tiles.tile(6, x, y)).toBeUndefined();
  });

  it('leaves out points with no place on the map', () => {
    const tiles = tilesOf([paris, [Number.NaN, 10], [200, 10], [10, -95]]);
    expect(tiles.count).toBe(1);
    expect(pointsIn(tiles.tile(0, 0, 0), 'places').map((point) => point.id)).toEqual([0]);
  });

  it('keeps one point a cell where a million crowd, and every point zoomed in', () => {
    // 1,000,000 points over a square of 2 degrees around Paris, on a grid.
    const side = 1000;
    const longitudes = new Float64Array(side * side);
    const latitudes = new Float64Array(side * side);
    for (let row = 0; row < side; row += 1)
      for (let column = 0; column < side; column += 1) {
        longitudes[row * side + column] = 1.35 + (2 * column) / side;
        latitudes[row * side + column] = 47.86 + (2 * row) / side;
      }
    const tiles = new PointTiles(longitudes, latitudes, 'crowd');
    expect(tiles.count).toBe(side * side);
    const world = pointsIn(tiles.tile(0, 0, 0), 'crowd');
    // Two degrees at zoom 0 are under 3 pixels: one or a few cells, never a million points.
    expect(world.length).toBeGreaterThan(0);
    expect(world.length).toBeLessThan(10);
    const [x, y] = tileOf(8, paris);
    const atEight = pointsIn(tiles.tile(8, x, y), 'crowd');
    // Never more than one point a cell of 4 pixels (128 × 128 cells).
    expect(atEight.length).toBeLessThanOrEqual(128 * 128);
    const cells = new Set(atEight.map((point) => `${point.x >> 6},${point.y >> 6}`));
    expect(cells.size).toBe(atEight.length);
    // Zoomed in to zoom 17 (a tile of about 200 m), points 0.002 degrees apart: each one is drawn.
    const [deepX, deepY] = tileOf(17, paris);
    const deep = pointsIn(tiles.tile(17, deepX, deepY), 'crowd');
    expect(deep.length).toBeGreaterThan(0);
    const expected = [...longitudes.keys()].filter((index) => {
      const [tileX, tileY] = tileOf(17, [longitudes[index]!, latitudes[index]!]);
      return tileX === deepX && tileY === deepY;
    });
    expect(deep.map((point) => point.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
  });
});

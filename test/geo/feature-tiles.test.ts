// An upload's features cut into vector tiles where they are held: each tile holds the features in its
// area at its zoom, in one tile layer named as asked, with their properties and a number each.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { FeatureTiles } from '../../src/geo/feature-tiles';
import type { FeatureCollection } from 'geojson';

const places: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    { name: 'Paris', at: [2.35, 48.86] },
    { name: 'Lyon', at: [4.84, 45.76] },
    { name: 'Tokyo', at: [139.69, 35.69] },
  ].map(({ name, at }) => ({
    type: 'Feature',
    properties: { name, size: name.length },
    geometry: { type: 'Point', coordinates: at },
  })),
};

/** The x and y of the tile at zoom `z` that holds [lon, lat] (Web Mercator). */
function tileOf(z: number, [lon, lat]: [number, number]): [number, number] {
  const scale = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = Math.floor(((lon + 180) / 360) * scale);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale);
  return [x, y];
}

/** The names of the features in a tile's layer `layerName` (none when the tile is empty). */
function namesIn(bytes: Uint8Array | undefined, layerName: string): string[] {
  if (!bytes) return [];
  const layer = new VectorTile(new PbfReader(bytes)).layers[layerName];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) =>
    String(layer.feature(index).properties.name),
  ).sort();
}

describe('feature tiles', () => {
  const tiles = new FeatureTiles(places, 'sites', 0.375);

  it('puts every feature in the one tile of zoom 0, in the named tile layer with its properties', () => {
    const bytes = tiles.tile(0, 0, 0)!;
    const tile = new VectorTile(new PbfReader(bytes));
    expect(Object.keys(tile.layers)).toEqual(['sites']);
    const layer = tile.layers.sites!;
    expect(layer.length).toBe(3);
    const features = Array.from({ length: 3 }, (_, index) => layer.feature(index));
    expect(
      features
        .map((feature) => feature.properties)
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    ).toEqual([
      { name: 'Lyon', size: 4 },
      { name: 'Paris', size: 5 },
      { name: 'Tokyo', size: 5 },
    ]);
    // Numbered by their place in the collection, so the map can tell them apart (hover, counts).
    expect(features.map((feature) => feature.id).sort()).toEqual([0, 1, 2]);
  });

  it('holds only the features in its area at a deeper zoom', () => {
    const [x, y] = tileOf(8, [2.35, 48.86]);
    expect(namesIn(tiles.tile(8, x, y), 'sites')).toEqual(['Paris']);
    const [tokyoX, tokyoY] = tileOf(8, [139.69, 35.69]);
    expect(namesIn(tiles.tile(8, tokyoX, tokyoY), 'sites')).toEqual(['Tokyo']);
    // Paris and Lyon share a tile at zoom 4 but not at zoom 8.
    const [franceX, franceY] = tileOf(4, [2.35, 48.86]);
    expect(tileOf(4, [4.84, 45.76])).toEqual([franceX, franceY]);
    expect(namesIn(tiles.tile(4, franceX, franceY), 'sites')).toEqual(['Lyon', 'Paris']);
    // The deepest zoom it cuts (14) still finds a point.
    const [deepX, deepY] = tileOf(14, [139.69, 35.69]);
    expect(namesIn(tiles.tile(14, deepX, deepY), 'sites')).toEqual(['Tokyo']);
  });

  it('gives no tile for an area with no features', () => {
    // The middle of the Pacific, at zoom 6 and zoom 14.
    const [x, y] = tileOf(6, [-150, -30]);
    expect(tiles.tile(6, x, y)).toBeUndefined();
    const [deepX, deepY] = tileOf(14, [-150, -30]);
    expect(tiles.tile(14, deepX, deepY)).toBeUndefined();
  });
});

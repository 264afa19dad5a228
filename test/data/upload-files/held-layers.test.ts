// The uploads' layers the table decoder's worker holds: read from a file, cut into tiles under the
// layer's name, handed over for a join, let go when the layer goes, replaced by a second read.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { HeldLayers } from '../../../src/data/upload-files/held-layers';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

function geoJson(names: string[]): Uint8Array {
  return encode(
    JSON.stringify({
      type: 'FeatureCollection',
      features: names.map((name, index) => ({
        type: 'Feature',
        properties: { name },
        geometry: { type: 'Point', coordinates: [index, index] },
      })),
    }),
  );
}

function namesIn(bytes: Uint8Array | undefined, layerName: string): string[] {
  const layer = bytes && new VectorTile(new PbfReader(bytes)).layers[layerName];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) =>
    String(layer.feature(index).properties.name),
  ).sort();
}

describe('held layers', () => {
  it('reads a file, answers its summary, and serves its tiles and features until released', () => {
    const held = new HeldLayers();
    const read = held.read('sites#1', 'sites', 'geojson', geoJson(['a', 'b']));
    expect(read.summary.rowCount).toBe(2);
    expect(read.summary.layer).toEqual({
      featureCount: 2,
      geometryType: 'Point',
      bounds: [0, 0, 1, 1],
      properties: ['name'],
    });
    expect(read.tileMaxZoom).toBe(14);
    expect(held.count).toBe(1);
    expect(namesIn(held.tile('sites#1', 0, 0, 0), 'sites')).toEqual(['a', 'b']);
    expect(held.features('sites#1').features.map((feature) => feature.properties?.name)).toEqual([
      'a',
      'b',
    ]);

    held.release('sites#1');
    expect(held.count).toBe(0);
    expect(held.tile('sites#1', 0, 0, 0)).toBeUndefined();
    expect(() => held.features('sites#1')).toThrow('The layer sites#1 is not held.');
  });

  it('replaces a layer read again under the same id', () => {
    const held = new HeldLayers();
    held.read('sites', 'sites', 'geojson', geoJson(['old']));
    held.read('sites', 'sites', 'geojson', geoJson(['new one', 'new two']));
    expect(held.count).toBe(1);
    expect(namesIn(held.tile('sites', 0, 0, 0), 'sites')).toEqual(['new one', 'new two']);
    expect(held.features('sites').features).toHaveLength(2);
  });

  it('holds nothing for a file with no coordinates, and throws the reader sentence for a bad one', () => {
    const held = new HeldLayers();
    const read = held.read('plain', 'plain', 'csv', encode('name,size\na,1\nb,2'));
    expect(read.summary.rowCount).toBe(2);
    expect(read.summary.layer).toBeUndefined();
    expect(held.count).toBe(0);
    expect(() =>
      held.read('bad', 'bad', 'geojson', encode('{"type": "FeatureCollection",')),
    ).toThrow(/JSON/);
    expect(() => held.read('bad', 'bad', 'geojson', encode('{"type": "Feature"}'))).toThrow(
      'it is JSON but not a GeoJSON FeatureCollection',
    );
    expect(held.count).toBe(0);
  });
});

// What an upload's file says of itself before it is drawn: a GeoJSON whose features carry different
// properties lists every one of them (the table has a column for each, and the model is told of all);
// a CSV of more points than features can draw says which columns to draw them from instead.
import { describe, expect, it } from 'vitest';
import { readLayerFile } from '../../../src/data/upload-files/upload-layer-file';
import { largePointCount } from '../../../src/geo/point-tiles';

const feature = (properties: Record<string, unknown>, coordinates: [number, number]) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates },
});
const square = (name: string, west: number) => ({
  type: 'Feature',
  properties: { name },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [west, 0],
        [west + 1, 0],
        [west + 1, 1],
        [west, 1],
        [west, 0],
      ],
    ],
  },
});
const read = (collection: unknown) =>
  readLayerFile('geojson', new TextEncoder().encode(JSON.stringify(collection)));

describe('reading an upload for its layer', () => {
  it('lists every property of a GeoJSON whose features differ, in the order they first appear', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ name: 'Harbour' }, [1, 2]),
        feature({ name: 'Mill', height: 12 }, [3, 4]),
        feature({ opened: 1901 }, [5, 6]),
      ],
    });
    const { summary } = readLayerFile('geojson', new TextEncoder().encode(text));
    expect(summary.columns).toEqual(['name', 'height', 'opened']);
    expect(summary.layer?.properties).toEqual(['name', 'height', 'opened']);
    expect(summary.layer?.featureCount).toBe(3);
  });

  it('draws the kind of shape most features have from a file that mixes them, and counts the rest', () => {
    const { summary, features } = read({
      type: 'FeatureCollection',
      features: [
        feature({ name: 'well' }, [5, 5]),
        square('north field', 0),
        {
          type: 'Feature',
          properties: { name: 'lane' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [3, 3],
            ],
          },
        },
        square('south field', 2),
      ],
    });
    // A circle layer would put a dot on every corner of the fields and the lane.
    expect(summary.layer?.geometryType).toBe('Polygon');
    expect(summary.layer?.featureCount).toBe(2);
    expect(summary.layer?.leftOut).toEqual({ points: 1, lines: 1 });
    expect(features?.features.map((drawn) => drawn.properties?.name)).toEqual([
      'north field',
      'south field',
    ]);
    expect(summary.layer?.bounds).toEqual([0, 0, 3, 1]);
    // The table keeps every row.
    expect(summary.rowCount).toBe(4);
  });

  it('leaves a file of one kind whole, with nothing left out', () => {
    const { summary } = read({
      type: 'FeatureCollection',
      features: [square('a', 0), square('b', 4)],
    });
    expect(summary.layer?.featureCount).toBe(2);
    expect(summary.layer?.leftOut).toBeUndefined();
  });

  it('makes no feature of a CSV with more points than features can draw: its layer comes from the table', () => {
    const csv = (rows: number) => {
      const lines = ['id,Longitude,Latitude'];
      for (let index = 0; index < rows; index += 1)
        lines.push(`${index},${index % 180},${index % 80}`);
      return new TextEncoder().encode(lines.join('\n'));
    };
    const big = readLayerFile('csv', csv(largePointCount + 1));
    expect(big.features).toBeUndefined();
    expect(big.summary.rowCount).toBe(largePointCount + 1);
    expect(big.summary.layer).toMatchObject({
      featureCount: largePointCount + 1,
      geometryType: 'Point',
      pointColumns: { longitude: 'Longitude', latitude: 'Latitude' },
    });
    const small = readLayerFile('csv', csv(1000));
    expect(small.features?.features).toHaveLength(1000);
    expect(small.summary.layer?.pointColumns).toBeUndefined();
  });
});

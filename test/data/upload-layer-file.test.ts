// What an upload's file says of itself before it is drawn: a GeoJSON whose features carry different
// properties lists every one of them (the table has a column for each, and the model is told of all).
import { describe, expect, it } from 'vitest';
import { readLayerFile } from '../../src/data/upload-layer-file';

const feature = (properties: Record<string, unknown>, coordinates: [number, number]) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates },
});

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
});

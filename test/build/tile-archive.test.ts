import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { cutTiles } from '../../scripts/build/cut-tiles';
import { writePmtiles } from '../../scripts/build/pmtiles-writer';
import { byteRange, rangeNotSatisfiable } from '../../src/offline/byte-range';
import type { FeatureCollection } from 'geojson';

/** Reads an archive the way the page does (range by range), from memory. */
class MemorySource implements Source {
  reads = 0;
  constructor(private readonly bytes: Uint8Array) {}
  getKey(): string {
    return 'memory';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.reads += 1;
    return { data: this.bytes.slice(offset, offset + length).buffer };
  }
}

function tileAt(
  archive: PMTiles,
  z: number,
  x: number,
  y: number,
): Promise<VectorTile | undefined> {
  return archive
    .getZxy(z, x, y)
    .then((tile) => (tile ? new VectorTile(new PbfReader(new Uint8Array(tile.data))) : undefined));
}

describe('PMTiles writer', () => {
  it('writes a header, directory and gzipped tiles that the PMTiles reader reads back', async () => {
    const tiles = [
      { z: 0, x: 0, y: 0, data: Uint8Array.from([1, 2, 3]) },
      { z: 1, x: 1, y: 0, data: Uint8Array.from([4, 5]) },
      { z: 1, x: 0, y: 1, data: Uint8Array.from([6]) },
    ];
    const bytes = writePmtiles(tiles, {
      minZoom: 0,
      maxZoom: 1,
      bounds: [-120.5, 30.25, -70, 49],
      metadata: { name: 'test', vector_layers: [{ id: 'test' }] },
    });
    const archive = new PMTiles(new MemorySource(bytes));
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 1,
      tileType: TileType.Mvt,
      numAddressedTiles: 3,
      minLon: -120.5,
      minLat: 30.25,
      maxLon: -70,
      maxLat: 49,
    });
    for (const tile of tiles) {
      const read = await archive.getZxy(tile.z, tile.x, tile.y);
      expect(new Uint8Array(read?.data ?? new ArrayBuffer(0))).toEqual(tile.data);
    }
    expect(await archive.getZxy(1, 0, 0)).toBeUndefined();
    expect(await archive.getMetadata()).toEqual({
      name: 'test',
      vector_layers: [{ id: 'test' }],
    });
  });
});

describe('cutting a layer into tiles', () => {
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Denver', elevation: 1609, hub: true, note: null },
        geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
      },
      {
        type: 'Feature',
        properties: { name: 'Tokyo', elevation: 40, hub: false, note: 'capital' },
        geometry: { type: 'Point', coordinates: [139.69, 35.69] },
      },
    ],
  };

  it('keeps every feature, its properties and a numeric id from its index, down to maxZoom', async () => {
    const archive = new PMTiles(
      new MemorySource(cutTiles({ cities: collection }, { maxZoom: 3, tolerance: 0.375 })),
    );
    const world = await tileAt(archive, 0, 0, 0);
    const layer = world?.layers.cities;
    expect(layer?.length).toBe(2);
    const features = [0, 1].map((index) => layer!.feature(index));
    expect(features.map((feature) => [feature.id, feature.properties])).toEqual([
      [0, { name: 'Denver', elevation: 1609, hub: true }],
      [1, { name: 'Tokyo', elevation: 40, hub: false, note: 'capital' }],
    ]);
    // Denver at zoom 3 is in tile (1, 3): x = floor((lon + 180) / 45), y from its latitude.
    expect((await tileAt(archive, 3, 1, 3))?.layers.cities?.length).toBe(1);
    expect(await tileAt(archive, 3, 0, 0)).toBeUndefined();
    const header = await archive.getHeader();
    // Denver to Tokyo is narrower across the Pacific than across the Atlantic: every longitude.
    expect([header.maxZoom, header.minLon, header.maxLon]).toEqual([3, -180, 180]);
    expect(await archive.getMetadata()).toMatchObject({
      vector_layers: [
        {
          id: 'cities',
          fields: { name: 'String', elevation: 'Number', hub: 'Boolean', note: 'String' },
        },
      ],
    });
  });
});

describe('archive bounds', () => {
  it('never collapse to a point (MapLibre would skip the tiles on its edge), nor cut an edge off', async () => {
    const point: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
      ],
    };
    const header = await new PMTiles(
      new MemorySource(cutTiles({ one: point }, { maxZoom: 2, tolerance: 0.375 })),
    ).getHeader();
    expect(header.minLon).toBeLessThan(0);
    expect(header.maxLon).toBeGreaterThan(0);
    expect(header.minLat).toBeLessThan(0);
    expect(header.maxLat).toBeGreaterThan(0);
    const empty = await new PMTiles(
      new MemorySource(
        cutTiles(
          { none: { type: 'FeatureCollection', features: [] } },
          { maxZoom: 1, tolerance: 1 },
        ),
      ),
    ).getHeader();
    expect([empty.minLon, empty.minLat, empty.maxLon, empty.maxLat]).toEqual([-180, -85, 180, 85]);
  });

  it('cover every longitude for data on both sides of the antimeridian (Alaska to the Aleutians)', async () => {
    const alaska: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        [-150, 61],
        [-100, 40],
        [173, 52.9],
      ].map((coordinates) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates },
      })),
    };
    const header = await new PMTiles(
      new MemorySource(cutTiles({ places: alaska }, { maxZoom: 2, tolerance: 0.375 })),
    ).getHeader();
    expect([header.minLon, header.maxLon]).toEqual([-180, 180]);
    expect(header.minLat).toBeLessThanOrEqual(40);
    expect(header.maxLat).toBeGreaterThanOrEqual(61);
  });
});

describe('byte ranges', () => {
  it('reads a closed range, an open-ended one, clamps to the size and refuses nonsense', () => {
    expect(byteRange('bytes=0-16383', 100_000)).toEqual({ start: 0, end: 16_383 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=200-300', 100)).toBeUndefined();
    expect(byteRange('bytes=-20', 100)).toBeUndefined();
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(rangeNotSatisfiable('bytes=100-120', 100)).toBe(true);
    expect(rangeNotSatisfiable('bytes=0-120', 100)).toBe(false);
    expect(rangeNotSatisfiable('bytes=-20', 100)).toBe(false);
  });
});

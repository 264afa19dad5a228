import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { PMTiles, type Source } from 'pmtiles';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDataset } from '../../scripts/add-dataset';
import { validateAppConfig } from '../../src/config/validate-app-config';

/** Reads an archive from memory, as the page reads it over range requests. */
function memorySource(bytes: Uint8Array): Source {
  return {
    getKey: () => 'memory',
    getBytes: async (offset, length) => ({
      data: bytes.slice(offset, offset + length).buffer,
    }),
  };
}

const squares = {
  type: 'FeatureCollection',
  features: [0, 1, 2].map((index) => ({
    type: 'Feature',
    properties: { name: `Square ${index}`, area_km2: 10 + index },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [index, 0],
          [index + 1, 0],
          [index + 1, 1],
          [index, 1],
          [index, 0],
        ],
      ],
    },
  })),
};

describe('npm run add-dataset', () => {
  let folder: string;
  let sources: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-app-'));
    sources = await mkdtemp(join(tmpdir(), 'mapwright-sources-'));
    await writeFile(
      join(folder, 'app-config.json'),
      JSON.stringify({ title: 'Mine', datasets: [] }),
    );
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
    await rm(sources, { recursive: true, force: true });
  });

  it('a small GeoJSON: copied, a fill layer with its columns, no tiles, and the config validates', async () => {
    const file = join(sources, 'squares.geojson');
    await writeFile(file, JSON.stringify(squares));
    const { entry, written } = await addDataset({ file, into: folder });
    expect(written).toEqual(['data/squares.geojson', 'app-config.json']);
    expect(entry).toMatchObject({
      id: 'squares',
      title: 'Squares',
      table: 'squares',
      source: { url: 'data/squares.geojson', format: 'geojson' },
      geometry: { kind: 'geojson' },
      layer: { type: 'fill' },
    });
    expect(entry.columns.area_km2).toMatch(/^Number/);
    expect(entry.columns.name).toContain("'Square 0'");
    expect(entry.attribution).toMatch(/add who made this data/);
    expect(entry.tiles).toBeUndefined();
    const config = JSON.parse(await readFile(join(folder, 'app-config.json'), 'utf8')) as unknown;
    const validated = validateAppConfig(config);
    expect(validated.problems).toEqual([]);
    expect(validated.config.title).toBe('Mine');
    expect(validated.config.datasets.map((dataset) => dataset.id)).toEqual(['squares']);
  });

  it('Parquet points: cut into tiles the page draws, named after the id, with every row', async () => {
    const file = join(sources, 'wells.parquet');
    const instance = await DuckDBInstance.create();
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT 'well ' || i AS name, -100 + i / 100.0 AS longitude, 40 + i / 200.0 AS latitude FROM range(300) t(i)) TO '${file}' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    const { entry } = await addDataset({ file, into: folder, id: 'oil-wells', title: 'Oil wells' });
    expect(entry).toMatchObject({
      table: 'oil_wells',
      geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
      layer: { type: 'circle' },
      tiles: 'data/tiles/oil-wells.pmtiles',
    });
    const archive = new PMTiles(
      memorySource(new Uint8Array(await readFile(join(folder, 'data/tiles/oil-wells.pmtiles')))),
    );
    const metadata = (await archive.getMetadata()) as { vector_layers: { id: string }[] };
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual(['oil-wells']);
    expect(await archive.getZxy(0, 0, 0)).toBeDefined();
  });

  it('an entry that would not validate writes nothing', async () => {
    const file = join(sources, 'squares.geojson');
    await writeFile(file, JSON.stringify(squares));
    await expect(addDataset({ file, into: folder, id: 'not valid!' })).rejects.toThrow(
      /would not validate/,
    );
    expect(await readdir(folder)).toEqual(['app-config.json']);
  });

  it('in a built app, lists the new files for the offline copy', async () => {
    await writeFile(join(folder, 'sw.js'), '(function(){})();\n');
    const file = join(sources, 'squares.geojson');
    await writeFile(file, JSON.stringify(squares));
    const { written } = await addDataset({ file, into: folder });
    expect(written).toContain('sw.js');
    expect(await readFile(join(folder, 'sw.js'), 'utf8')).toContain('"url":"data/squares.geojson"');
  });
});

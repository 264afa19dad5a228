// A table's points read for a big layer: two Float64Arrays in the table's order, the extent by SQL's
// min and max, rows without a place on the map (no value, text that is no number, out of range) left
// out, and text columns of numbers read as numbers. DuckDB-WASM through its Node build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const csv = [
  'name,lon,lat,lon_text,lat_text',
  'Paris,2.35,48.86,2.35,48.86',
  'Tokyo,139.69,35.69,139.69,35.69',
  'Nowhere,,10,,10',
  'Beyond,200,10,x,10',
  'Below,10,-95,10,-95',
  'Lima,-77.04,-12.05,-77.04,-12.05',
].join('\n');

describe('reading a table’s points', () => {
  const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });

  beforeAll(async () => {
    await engine.load({ table: 'places', format: 'csv', bytes: new TextEncoder().encode(csv) });
    // More rows than one of DuckDB's batches (2,048), so the copy goes batch by batch.
    const many = ['lon,lat'];
    for (let index = 0; index < 5000; index += 1) many.push(`${index / 100},${-index / 100}`);
    await engine.load({
      table: 'many',
      format: 'csv',
      bytes: new TextEncoder().encode(many.join('\n')),
    });
  });
  afterAll(() => engine.close());

  it('reads the points with a place on the map, and their extent', async () => {
    const points = await engine.readPoints({ table: 'places', longitude: 'lon', latitude: 'lat' });
    expect([...points.longitudes]).toEqual([2.35, 139.69, -77.04]);
    expect([...points.latitudes]).toEqual([48.86, 35.69, -12.05]);
    expect(points.bounds).toEqual([-77.04, -12.05, 139.69, 48.86]);
  });

  it('reads text columns of numbers as numbers', async () => {
    const points = await engine.readPoints({
      table: 'places',
      longitude: 'lon_text',
      latitude: 'lat_text',
    });
    expect([...points.longitudes]).toEqual([2.35, 139.69, -77.04]);
  });

  it('reads every row of a table larger than a batch', async () => {
    const points = await engine.readPoints({ table: 'many', longitude: 'lon', latitude: 'lat' });
    expect(points.longitudes).toHaveLength(5000);
    expect(points.longitudes[4999]).toBe(49.99);
    expect(points.latitudes[2048]).toBe(-20.48);
    expect(points.bounds).toEqual([0, -49.99, 49.99, 0]);
  });

  it('says so for a table without points', async () => {
    const points = await engine.readPoints({ table: 'places', longitude: 'name', latitude: 'lat' });
    expect(points.longitudes).toHaveLength(0);
    expect(points.bounds).toBeUndefined();
  });
});

// Which CSV tables are held compressed: past a size (a fraction of the memory, twice the load time),
// never in a writable engine; smaller files keep plain tables, ready sooner. Either way the person and
// the model read the table by its own name.
import { afterEach, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import {
  COMPRESS_ABOVE_BYTES,
  holdsCompressed,
} from '../../../src/data/upload-files/uploads-database';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const csv = new TextEncoder().encode('city,people\nLyon,522000\nNantes,320000\n');

/** Where `table` lives: 'plain' (a table in main) or 'compressed' (a view over the uploads database). */
async function placeOf(engine: DuckDbWasmEngine, table: string): Promise<string> {
  const { rows } = await engine.query(
    `SELECT table_catalog AS db, table_type AS kind FROM information_schema.tables WHERE table_name = '${table}' ORDER BY db`,
  );
  const kinds = rows.map((row) => `${String(row.db)}:${String(row.kind)}`);
  if (kinds.some((kind) => kind.startsWith('mapwright_uploads:'))) return 'compressed';
  return kinds.length === 1 && kinds[0]?.endsWith(':BASE TABLE') ? 'plain' : kinds.join(',');
}

describe('an uploaded CSV held compressed or plain', () => {
  let engine: DuckDbWasmEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('is plain up to the threshold and compressed past it, by its size', () => {
    const small = new Blob(['a\n1\n']);
    expect(holdsCompressed(small, {})).toBe(false);
    expect(holdsCompressed(small, { compressAboveBytes: 2 })).toBe(true);
    expect(holdsCompressed(small, { compressAboveBytes: 2, allowWrites: true })).toBe(false);
    expect(holdsCompressed(new Uint8Array(8), { compressAboveBytes: 7 })).toBe(true);
    expect(COMPRESS_ABOVE_BYTES).toBe(128 * 1024 * 1024);
  });

  it('a small file makes a plain table', async () => {
    engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });
    await engine.load({ table: 'cities', format: 'csv', bytes: csv });
    expect(await placeOf(engine, 'cities')).toBe('plain');
    expect((await engine.query('SELECT sum(people) AS n FROM cities')).rows).toEqual([
      { n: 842000 },
    ]);
  });

  it('a file past the threshold is read through a view of its name, and dropped whole', async () => {
    engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime, compressAboveBytes: 10 });
    await engine.load({ table: 'cities', format: 'csv', bytes: csv });
    expect(await placeOf(engine, 'cities')).toBe('compressed');
    expect((await engine.query('SELECT sum(people) AS n FROM cities')).rows).toEqual([
      { n: 842000 },
    ]);
    expect(await engine.listTables()).toContain('cities');
    await engine.drop('cities');
    expect(await placeOf(engine, 'cities')).toBe('');
  });
});

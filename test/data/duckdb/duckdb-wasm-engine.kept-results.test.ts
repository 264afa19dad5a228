// A query's whole result kept in the page's DuckDB (DuckDB-WASM, through its blocking Node build): a
// 100,000-row result reads its last rows, sorts and filters in the engine, and keeping it changes
// nothing a read-only query could not; a statement that is no query runs as before, kept nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { KeptResults } from '../../../src/data/duckdb/kept-results';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const csv = new TextEncoder().encode('iata,name\nDEN,Denver\nSFO,San Francisco\n');
const BIG = 'SELECT range AS i, range % 7 AS bucket FROM range(100000)';

describe('a result kept whole in the DuckDB-WASM engine', () => {
  const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', bytes: csv });
  });
  afterAll(() => engine.close());

  it('answers with its first rows and the whole count, and keeps every row', async () => {
    const result = await engine.query(BIG, { maxRows: 1000, keepAs: 'big' });
    expect(result).toMatchObject({ totalRows: 100_000, truncated: true, kept: true });
    expect(result.rows).toHaveLength(1000);
    expect(result.rows[0]).toEqual({ i: 0, bucket: 0 });
    expect(result.columns.map((column) => column.name)).toEqual(['i', 'bucket']);
    expect(engine.hasKeptResult('big')).toBe(true);
    const last = await engine.keptResultPage('big', { view: {}, offset: 99_990, limit: 50 });
    expect(last.totalRows).toBe(100_000);
    expect(last.rows.map((row) => row.i)).toEqual(
      Array.from({ length: 10 }, (_, index) => 99_990 + index),
    );
  });

  it('sorts in the engine, ties in the query’s order, and pages never overlap', async () => {
    await engine.query(BIG, { maxRows: 10, keepAs: 'sorted' });
    const descending = await engine.keptResultPage('sorted', {
      view: { sort: { column: 'i', descending: true } },
      offset: 0,
      limit: 3,
    });
    expect(descending.rows.map((row) => row.i)).toEqual([99_999, 99_998, 99_997]);
    const byBucket = { sort: { column: 'bucket', descending: false } };
    const first = await engine.keptResultPage('sorted', { view: byBucket, offset: 0, limit: 4 });
    const second = await engine.keptResultPage('sorted', { view: byBucket, offset: 4, limit: 4 });
    expect([...first.rows, ...second.rows].map((row) => row.i)).toEqual([
      0, 7, 14, 21, 28, 35, 42, 49,
    ]);
  });

  it('filters in the engine and counts what the filter lets through', async () => {
    await engine.query(BIG, { maxRows: 10, keepAs: 'filtered' });
    const page = await engine.keptResultPage('filtered', {
      view: { filter: '9999' },
      offset: 0,
      limit: 100,
    });
    const expected = Array.from({ length: 100_000 }, (_, index) => index).filter((index) =>
      String(index).includes('9999'),
    );
    expect(page.totalRows).toBe(expected.length);
    expect(page.rows.map((row) => row.i)).toEqual(expected);
  });

  it('runs a statement that is no query as before, and keeps nothing of it', async () => {
    const explained = await engine.query('EXPLAIN SELECT * FROM airports', { keepAs: 'plan' });
    expect(explained.kept).toBeUndefined();
    expect(explained.rows.length).toBeGreaterThan(0);
    expect(engine.hasKeptResult('plan')).toBe(false);
    await expect(engine.keptResultPage('plan', { view: {}, offset: 0, limit: 1 })).rejects.toThrow(
      'run the query again',
    );
  });

  it('answers a result with two columns of one name, kept or not', async () => {
    const result = await engine.query('SELECT 1 AS a, 2 AS a', { keepAs: 'twice' });
    expect(result.totalRows).toBe(1);
    expect(result.rows).toHaveLength(1);
  });

  it('lets no write through a kept query: the tables are as they were', async () => {
    const snapshot = async () =>
      (await engine.query('SELECT count(*) AS n, min(name) AS first FROM airports')).rows;
    const before = await snapshot();
    for (const [index, write] of [
      "UPDATE airports SET name = 'x'",
      'DROP TABLE airports',
      'CREATE TABLE stolen AS SELECT 1 AS x',
      "INSERT INTO airports VALUES ('ZZZ', 'Nowhere')",
      "WITH x AS (SELECT 1) UPDATE airports SET name = 'y'",
    ].entries()) {
      await engine.query(write, { keepAs: `write${index}` }).catch(() => undefined);
      expect(engine.hasKeptResult(`write${index}`)).toBe(false);
    }
    expect(await snapshot()).toEqual(before);
    expect(await engine.listTables()).toEqual(['airports']);
  });
});

describe('the kept results of an engine', () => {
  it('drops the oldest once its capacity is reached', () => {
    const kept = new KeptResults(2);
    expect(kept.add('a', ['x'])).toEqual([]);
    expect(kept.add('b', ['x'])).toEqual([]);
    expect(kept.add('c', ['x'])).toEqual(['a']);
    expect([kept.has('a'), kept.has('b'), kept.has('c')]).toEqual([false, true, true]);
  });
});

describe('two results kept at the same time', () => {
  const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });
  afterAll(() => engine.close());

  it('both succeed, the first two of a page included (two calls approved together)', async () => {
    await engine.load({ table: 'airports', format: 'csv', bytes: csv });
    const [first, second] = await Promise.all([
      engine.query('SELECT iata FROM airports ORDER BY iata', { maxRows: 10, keepAs: 'one' }),
      engine.query('SELECT name FROM airports ORDER BY name', { maxRows: 10, keepAs: 'two' }),
    ]);
    expect(first.rows).toEqual([{ iata: 'DEN' }, { iata: 'SFO' }]);
    expect(second.rows).toEqual([{ name: 'Denver' }, { name: 'San Francisco' }]);
    expect(engine.hasKeptResult('one') && engine.hasKeptResult('two')).toBe(true);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { QueryCancelledError, QueryTimeoutError } from '../../../src/data/query-errors';

const data = resolve('node_modules/vega-datasets/data');
const slowSql = 'SELECT sum(a.range * b.range) AS total FROM range(200000) a, range(200000) b';

describe('the native DuckDB engine', () => {
  const engine = new DuckDbNodeEngine();

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${data}/airports.csv` });
    await engine.load({ table: 'unemployment', format: 'tsv', url: `${data}/unemployment.tsv` });
    await engine.load({
      table: 'quakes',
      format: 'geojson',
      url: `${data}/earthquakes.json`,
    });
  });
  afterAll(() => engine.close());

  it('loads CSV, TSV and GeoJSON tables and lists them', async () => {
    expect(await engine.listTables()).toEqual(
      expect.arrayContaining(['airports', 'quakes', 'unemployment']),
    );
  });

  it('keeps every row and the header of a ragged CSV, as the map reads it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapwright-csv-'));
    const file = join(dir, 'ragged.csv');
    writeFileSync(file, 'name,longitude,latitude\nA,1,2\nB,3\nC,5,6,7\n');
    await engine.load({ table: 'ragged', format: 'csv', url: file });
    const result = await engine.query('SELECT name, longitude, latitude FROM ragged ORDER BY name');
    expect(result.rows).toEqual([
      { name: 'A', longitude: 1, latitude: 2 },
      { name: 'B', longitude: 3, latitude: null },
      { name: 'C', longitude: 5, latitude: 6 },
    ]);
  });

  it('loads Arrow IPC files and streams with their column types, and refuses a file that is not Arrow', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapwright-arrow-'));
    const table = tableFromArrays({
      code: ['DEN', 'SFO'],
      passengers: Int32Array.from([64, 57]),
      hub: [true, false],
    });
    writeFileSync(join(dir, 'file.arrow'), tableToIPC(table, 'file'));
    writeFileSync(join(dir, 'stream.arrow'), tableToIPC(table, 'stream'));
    writeFileSync(join(dir, 'bad.arrow'), 'name\nnot arrow\n');
    await engine.load({ table: 'hubs', format: 'arrow', url: join(dir, 'file.arrow') });
    await engine.load({ table: 'hubs_stream', format: 'arrow', url: join(dir, 'stream.arrow') });
    const result = await engine.query('SELECT * FROM hubs_stream ORDER BY code');
    expect(result.rows).toEqual([
      { code: 'DEN', passengers: 64, hub: true },
      { code: 'SFO', passengers: 57, hub: false },
    ]);
    const described = await engine.describe('hubs');
    expect(described.columns.map((column) => `${column.name} ${column.type}`)).toEqual([
      'code VARCHAR',
      'passengers INTEGER',
      'hub BOOLEAN',
    ]);
    await expect(
      engine.load({ table: 'bad', format: 'arrow', url: join(dir, 'bad.arrow') }),
    ).rejects.toThrow('not an Arrow IPC file or stream');
  });

  it('loads a table only once when asked twice', async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${data}/airports.csv` });
    const result = await engine.query('SELECT count(*) AS n FROM airports');
    expect(result.rows[0]?.n).toBe(3376);
  });

  it('keeps GeoJSON point geometry as text and adds lon/lat', async () => {
    const { rows } = await engine.query('SELECT geometry, lon, lat, mag FROM quakes LIMIT 1');
    const row = rows[0]!;
    const geometry = JSON.parse(String(row.geometry)) as { type: string; coordinates: number[] };
    expect(geometry.type).toBe('Point');
    expect(row.lon).toBe(geometry.coordinates[0]);
    expect(row.lat).toBe(geometry.coordinates[1]);
    expect(typeof row.mag).toBe('number');
  });

  it('describes columns, types, row count and sample values of text columns', async () => {
    const description = await engine.describe('airports');
    expect(description.rowCount).toBe(3376);
    const state = description.columns.find((column) => column.name === 'state');
    expect(state?.type).toBe('VARCHAR');
    expect(state?.sampleValues?.length).toBeGreaterThan(0);
    expect(description.columns.find((column) => column.name === 'latitude')?.type).toBe('DOUBLE');
  });

  it('tells the caller which tables exist when describing an unknown one', async () => {
    await expect(engine.describe('nope')).rejects.toThrow(/airports/);
  });

  it('returns plain rows: BigInt as number, timestamps as ISO strings', async () => {
    const { rows } = await engine.query(
      "SELECT 42::BIGINT AS big, TIMESTAMP '2024-05-01 12:00:00' AS at, DATE '2024-05-01' AS day",
    );
    expect(rows[0]).toEqual({
      big: 42,
      at: '2024-05-01T12:00:00.000Z',
      day: '2024-05-01T00:00:00.000Z',
    });
  });

  it('cuts rows at the limit but counts them all', async () => {
    const result = await engine.query('SELECT * FROM airports', { maxRows: 10 });
    expect(result.rows).toHaveLength(10);
    expect(result.totalRows).toBe(3376);
    expect(result.truncated).toBe(true);
  });

  it('stops a long query when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await expect(engine.query(slowSql, { signal: controller.signal })).rejects.toBeInstanceOf(
      QueryCancelledError,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a long query at its timeout', async () => {
    await expect(engine.query(slowSql, { timeoutMs: 200 })).rejects.toBeInstanceOf(
      QueryTimeoutError,
    );
    // The engine is still usable after an interrupt.
    expect((await engine.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it("really stops timed-out queries, so they do not keep hold of Node's worker threads", async () => {
    // Native DuckDB work runs on Node's four worker threads. Six queries stopped at once (two of them
    // before their statement has even begun) must leave every thread free for the next query.
    const stopped = await Promise.allSettled(
      [1, 1, 50, 200, 200, 400].map((timeoutMs) => engine.query(slowSql, { timeoutMs })),
    );
    for (const outcome of stopped) {
      expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(QueryTimeoutError);
    }
    const started = Date.now();
    expect((await engine.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('closing the native DuckDB engine', () => {
  const header = 'id,double,name';
  const csv = new TextEncoder().encode(
    [header, ...Array.from({ length: 100_000 }, (_, i) => `${i},${i * 2},name${i}`)].join('\n'),
  );

  // Closing the instance under a running statement killed the process (SIGSEGV): an upload's table load
  // that nobody awaited was enough. Here a crash would end the test run, not just fail this test.
  it('waits for a table load under way instead of crashing, at any moment of the load', async () => {
    for (const delayMs of [0, 1, 5, 20, 60]) {
      const engine = new DuckDbNodeEngine();
      let settled = false;
      const load = engine
        .load({ table: 'numbers', format: 'csv', bytes: csv })
        .catch((error: unknown) => error)
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await engine.close();
      expect(settled).toBe(true);
      const outcome = await load;
      // Either the load finished first or DuckDB gave it up when interrupted.
      if (outcome instanceof Error) expect(outcome.message).toMatch(/interrupt/i);
    }
  });

  it('interrupts a long query under way and then closes', async () => {
    const engine = new DuckDbNodeEngine();
    const running = engine.query(slowSql).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await engine.close();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await running).toBeInstanceOf(Error);
  });
});

// A remote Parquet table skips the row groups a query's filter rules out (by the footer's value
// ranges) and still answers as native DuckDB reading the whole file does: on sorted columns (few row
// groups read) and unsorted ones (all read), with NaN and NULL values, and for every later query over
// what earlier ones fetched in part. DuckDB-WASM through its Node build; ranges read by parquet-wasm.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ParquetFile, WriterPropertiesBuilder, readParquet, writeParquet } from 'parquet-wasm/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import {
  footerLength,
  rowGroupStatistics,
} from '../../../src/data/parquet/parquet-footer-statistics';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const remoteUrl = 'https://data.example.org/readings.parquet';
const rows = 80_000;
const groupRows = 10_000;

describe('a remote Parquet table filtered by its row groups’ ranges', () => {
  let folder: string;
  let native: DuckDBConnection;
  let bytes: Uint8Array;
  let engine: DuckDbWasmEngine;
  /** The row groups each read of columns asked for. */
  let reads: Array<{ columns: string[]; rowGroups: number[] | undefined }> = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-row-groups-'));
    const written = join(folder, 'written.parquet');
    const file = join(folder, 'readings.parquet');
    native = await (await DuckDBInstance.create(':memory:')).connect();
    // Sorted: id, key (text), pos (a double with a NaN every 997 rows), small (INTEGER with NULLs).
    // Unsorted: value, station.
    await native.run(`COPY (
      SELECT i AS id, 'k' || lpad(i::VARCHAR, 6, '0') AS key,
        CASE WHEN i % 997 = 0 THEN 'NaN'::DOUBLE ELSE i / ${rows}.0 END AS pos,
        CASE WHEN i % 5 = 0 THEN NULL ELSE (i // 100)::INTEGER END AS small,
        (hash(i) % 1000) / 10.0 AS value, 'station-' || (hash(i + 1) % 50) AS station
      FROM range(${rows}) AS t(i)
    ) TO '${written}' (FORMAT parquet)`);
    // Written again by parquet-wasm (arrow-rs), whose ranges leave NaN out (DuckDB writes none for a
    // row group that holds one), in row groups of 10,000.
    const properties = new WriterPropertiesBuilder().setMaxRowGroupSize(groupRows).build();
    bytes = writeParquet(readParquet(new Uint8Array(await readFile(written))), properties);
    await writeFile(file, bytes);
    // Loaded whole, as a table: native DuckDB's own reader skips row groups by these ranges too, and
    // drops the NaN rows a range without NaN hides (`pos > 0.99` then misses 71 of them).
    await native.run(`CREATE TABLE whole AS SELECT * FROM read_parquet('${file}')`);
  });
  // One engine for the file (starting DuckDB-WASM was most of a test's cost). Each test drops the table
  // and loads it again, which drops the columns and row groups an earlier test fetched: none are left.
  beforeAll(async () => {
    const footer = footerLength(bytes.subarray(bytes.length - 8));
    const rowGroups = rowGroupStatistics(
      bytes.subarray(bytes.length - 8 - footer, bytes.length - 8),
    );
    engine = new DuckDbWasmEngine({
      pageUrl: 'https://app.example.org/',
      allowedHosts: ['https://data.example.org'],
      fetch: () => Promise.reject(new Error('The remote file was asked for whole.')),
      runtime: {
        ...nodeWasmRuntime,
        readRemoteParquet: async (_url, _origins, columns, groups) => {
          const parquet = await ParquetFile.fromFile(new Blob([bytes as Uint8Array<ArrayBuffer>]));
          const numRows = parquet.metadata().fileMetadata().numRows();
          if (!columns) return { numRows, ipc: parquet.schema().intoIPCStream(), rowGroups };
          reads.push({ columns, rowGroups: groups });
          const table = await parquet.read({ columns, ...(groups ? { rowGroups: groups } : {}) });
          return { numRows, ipc: table.intoIPCStream() };
        },
      },
    });
  });
  beforeEach(async () => {
    await engine.drop('readings');
    await engine.load({ table: 'readings', format: 'parquet', url: remoteUrl });
    reads = [];
  });
  afterAll(async () => {
    await engine?.close();
    native?.closeSync();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** The page's answer, checked against native DuckDB's over the whole file; the row groups read. */
  const answer = async (where: string): Promise<number[]> => {
    const select = `SELECT count(*) AS n, round(sum(value), 2) AS total, min(id) AS low, max(key) AS high, count(pos) AS positions, sum(small) AS smalls FROM TABLE`;
    const before = reads.length;
    const page = await engine.query(`${select.replace('TABLE', 'readings')} ${where}`);
    const whole = (
      await native.runAndReadAll(
        `${select.replace('TABLE', 'whole')} ${where.replaceAll('readings.', 'whole.')}`,
      )
    )
      .getRowObjectsJS()
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])));
    const got = page.rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])),
    );
    expect(got).toEqual(whole);
    const groups = new Set(reads.slice(before).flatMap((read) => read.rowGroups ?? [-1]));
    return [...groups].sort((a, b) => a - b);
  };
  const every = [0, 1, 2, 3, 4, 5, 6, 7];

  it('reads only the row groups a filter on a sorted column can match', async () => {
    expect(await answer('WHERE id BETWEEN 25000 AND 31000')).toEqual([2, 3]);
    expect(await answer('WHERE id >= 75000')).toEqual([7]);
    // station is read for row group 0 alone; the others were read before.
    expect(await answer("WHERE key < 'k010000' AND station = 'station-3'")).toEqual([0]);
    expect(await answer('WHERE readings.id IN (5, 79999, -3, 45000)')).toEqual([4]);
    expect(await answer('WHERE small > 650 AND id < 70001')).toEqual([6]);
    expect(await answer('WHERE 12345 = id')).toEqual([1]);
    // Every row group is needed now: those not read yet are, and the answers still agree.
    expect(await answer('')).toEqual([5]);
    expect(await answer("WHERE station = 'station-3'")).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads nothing to describe or plan a query (the approval card’s pre-flight)', async () => {
    const sql = 'SELECT id, value FROM readings WHERE id < 5';
    const described = await engine.query(`DESCRIBE ${sql}`);
    expect(described.rows.map((row) => row.column_name)).toEqual(['id', 'value']);
    await engine.query(`EXPLAIN (FORMAT JSON) ${sql}`);
    expect(reads).toEqual([]);
    expect(await answer('WHERE id < 5')).toEqual([0]);
  });

  it('keeps the rows a float’s range leaves out: NaN is above every number', async () => {
    // pos > 0.99 cannot skip by the largest value (NaN rows in every row group are above it)...
    expect(await answer('WHERE pos > 0.99')).toEqual(every);
    expect(
      (await engine.query('SELECT count(*) AS n FROM readings WHERE isnan(pos)')).rows,
    ).toEqual([{ n: 81 }]);
  });

  it('skips by a float’s smallest value: NaN is below nothing', async () => {
    expect(await answer('WHERE pos < 0.05 AND pos BETWEEN 0.01 AND 0.2')).toEqual([0]);
  });

  it('reads every row group for a filter it does not understand, with the same answers', async () => {
    expect(await answer('WHERE id > 70000 OR value < 1')).toEqual(every);
  });

  it('reads every row group for a query over more than the table', async () => {
    const joined = await engine.query(
      'SELECT count(*) AS n FROM readings a JOIN readings b USING (id) WHERE a.id < 10',
    );
    expect(joined.rows).toEqual([{ n: 10 }]);
    expect(reads.map((read) => read.rowGroups)).toEqual(every.map((group) => [group]));
  });

  it('reads every row group for a filter with a subquery', async () => {
    const nested = await engine.query(
      'SELECT count(*) AS n FROM readings WHERE id < 5 AND key IN (SELECT key FROM readings)',
    );
    expect(nested.rows).toEqual([{ n: 5 }]);
    expect(new Set(reads.flatMap((read) => read.rowGroups))).toEqual(new Set(every));
    expect(await answer('WHERE abs(id) < 100')).toEqual(every);
  });
});

// A Parquet file on another origin, read by range: the table answers every query as the same file
// loaded whole does, while only the columns a query names are read (none for count(*)). DuckDB-WASM
// through its Node build; the range reads through parquet-wasm over the file's bytes.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ParquetFile, readParquet } from 'parquet-wasm/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const remoteUrl = 'https://data.example.org/readings.parquet';

describe('a remote Parquet table', () => {
  let bytes: Uint8Array<ArrayBuffer>;
  /** The columns each read asked for; `footer` for a read of the footer alone. */
  const reads: Array<string[] | 'footer'> = [];
  let engine: DuckDbWasmEngine;

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mapwright-remote-parquet-'));
    const file = join(folder, 'readings.parquet');
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    await connection.run(`COPY (
      SELECT i AS id, (hash(i) % 1000) / 10.0 AS value, 'station-' || (hash(i + 1) % 50) AS station,
        CASE WHEN i % 7 = 0 THEN NULL ELSE (hash(i + 2) % 100)::INTEGER END AS reading
      FROM range(60000) AS t(i)
    ) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 20000)`);
    connection.closeSync();
    bytes = new Uint8Array(await readFile(file));
    await rm(folder, { recursive: true, force: true });
    engine = new DuckDbWasmEngine({
      pageUrl: 'https://app.example.org/',
      allowedHosts: ['https://data.example.org'],
      // The file is never downloaded whole (nor anything sent off this machine).
      fetch: () => Promise.reject(new Error('The remote file was asked for whole.')),
      runtime: {
        ...nodeWasmRuntime,
        parquetToArrowIpc: async (data) =>
          readParquet(
            data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer()),
          ).intoIPCStream(),
        // Without the row groups' ranges: every row group is read, as one.
        readRemoteParquet: async (url, _origins, columns, rowGroups) => {
          expect(url).toBe(remoteUrl);
          expect(rowGroups).toBeUndefined();
          reads.push(columns ?? 'footer');
          const parquet = await ParquetFile.fromFile(new Blob([bytes]));
          const numRows = parquet.metadata().fileMetadata().numRows();
          if (!columns) return { numRows, ipc: parquet.schema().intoIPCStream() };
          return { numRows, ipc: (await parquet.read({ columns })).intoIPCStream() };
        },
      },
    });
    await engine.load({ table: 'remote', format: 'parquet', url: remoteUrl });
    await engine.load({ table: 'whole', format: 'parquet', bytes });
  });
  afterAll(() => engine?.close());

  const answers = async (sql: string) => {
    const remote = await engine.query(sql.replaceAll('TABLE', 'remote'));
    const whole = await engine.query(sql.replaceAll('TABLE', 'whole'));
    expect(remote.rows).toEqual(whole.rows);
    expect(remote.columns).toEqual(whole.columns);
    return remote.rows;
  };

  it('reads only the footer to load, and nothing more to count', async () => {
    expect(reads).toEqual(['footer']);
    expect(await answers('SELECT count(*) AS n FROM TABLE')).toEqual([{ n: 60000 }]);
    expect(reads).toEqual(['footer']);
  });

  it('reads only the columns a query names, each once, with the whole file’s answers', async () => {
    await answers(
      'SELECT count(*) AS n, round(sum(value), 2) AS total FROM TABLE WHERE value > 90',
    );
    expect(reads.at(-1)).toEqual(['value']);
    await answers(
      'SELECT station, count(*) AS n, avg(reading) AS mean FROM TABLE GROUP BY station ORDER BY station',
    );
    expect(reads.at(-1)).toEqual(['station', 'reading']);
    await answers('SELECT id, value FROM TABLE ORDER BY value DESC, id LIMIT 10');
    expect(reads.at(-1)).toEqual(['id']);
    await answers("SELECT id, value FROM TABLE WHERE station = 'station-3' ORDER BY id LIMIT 10");
    expect(reads).toHaveLength(4);
  });

  it('reads every column for a star, and its rows line up', async () => {
    await answers('SELECT * FROM TABLE WHERE id % 997 = 0 ORDER BY id');
    await answers('SELECT TABLE.* FROM TABLE ORDER BY id DESC LIMIT 3');
  });

  it('describes its columns with the file’s types', async () => {
    const remote = await engine.describe('remote');
    const whole = await engine.describe('whole');
    expect(remote.columns).toEqual(whole.columns);
    expect(remote.rowCount).toBe(whole.rowCount);
  });

  it('is dropped whole, its fetched columns with it', async () => {
    await engine.drop('remote');
    expect(await engine.listTables()).toEqual(['whole']);
  });

  it('is fetched whole from a host that is not one of the data hosts, as before', async () => {
    const before = reads.length;
    const fetched: string[] = [];
    const other = new DuckDbWasmEngine({
      pageUrl: 'https://app.example.org/',
      allowedHosts: ['https://data.example.org'],
      fetch: async (url) => {
        fetched.push(String(url));
        return new Response(bytes);
      },
      runtime: {
        ...nodeWasmRuntime,
        parquetToArrowIpc: async (data) =>
          readParquet(
            data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer()),
          ).intoIPCStream(),
        readRemoteParquet: () => Promise.reject(new Error('not by range')),
      },
    });
    try {
      const url = 'https://elsewhere.example.org/readings.parquet';
      await other.load({ table: 'elsewhere', format: 'parquet', url });
      expect(fetched).toEqual([url]);
      expect((await other.query('SELECT count(*) AS n FROM elsewhere')).rows).toEqual([
        { n: 60000 },
      ]);
    } finally {
      await other.close();
    }
    expect(reads).toHaveLength(before);
  });
});

// A CSV on a data host, read from its head: a query of its first rows reads only the bytes that hold
// them (by range, growing the range until they are there), with the whole file's answer; any other
// query reads the file whole first. DuckDB-WASM through its Node build; the host is a fetch that
// answers ranges and counts the bytes it sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { firstHeadBytes } from '../../../src/data/remote/remote-csv-tables';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const remoteUrl = 'https://data.example.org/stations.csv';
const rows = 40_000;

/** id, a quoted name (every 100th holds a line break and a quote), a value. */
function stationsCsv(): Uint8Array {
  const lines = ['id,name,value'];
  for (let id = 0; id < rows; id += 1) {
    const name = id % 100 === 0 ? `"Station ${id}\nannex ""B"""` : `"Station ${id}"`;
    lines.push(`${id},${name},${(id * 7) % 1000}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

describe('a remote CSV table', () => {
  const bytes = stationsCsv();
  let served = 0;
  const asked: string[] = [];
  let engine: DuckDbWasmEngine;

  beforeAll(async () => {
    engine = new DuckDbWasmEngine({
      pageUrl: 'https://app.example.org/',
      allowedHosts: ['https://data.example.org'],
      runtime: nodeWasmRuntime,
      fetch: async (input, init) => {
        expect(String(input)).toBe(remoteUrl);
        const range = new Headers(init?.headers).get('range');
        asked.push(range ?? 'whole');
        const match = /^bytes=0-(\d+)$/.exec(range ?? '');
        const part = match ? bytes.subarray(0, Number(match[1]) + 1) : bytes;
        served += part.length;
        return new Response(part as Uint8Array<ArrayBuffer>, { status: match ? 206 : 200 });
      },
    });
    await engine.load({ table: 'stations', format: 'csv', url: remoteUrl });
    await engine.load({ table: 'whole', format: 'csv', bytes });
  });
  afterAll(() => engine?.close());

  const same = async (sql: string) => {
    const remote = await engine.query(sql.replaceAll('TABLE', 'stations'), { maxRows: 100_000 });
    const whole = await engine.query(sql.replaceAll('TABLE', 'whole'), { maxRows: 100_000 });
    expect(remote.rows).toEqual(whole.rows);
    return remote.rows;
  };

  it('reads only its head to load, and to answer for its first rows', async () => {
    expect(asked).toEqual([`bytes=0-${firstHeadBytes - 1}`]);
    const first = await same('SELECT * FROM TABLE LIMIT 10');
    expect(first).toHaveLength(10);
    expect(first[0]).toEqual({ id: 0, name: 'Station 0\nannex "B"', value: 0 });
    await engine.query('DESCRIBE SELECT id FROM stations LIMIT 3');
    expect(served).toBe(firstHeadBytes);
  });

  it('grows the range until the rows asked for are read, and no further', async () => {
    const rowsRead = await same('SELECT id, name AS label FROM TABLE t LIMIT 3000 OFFSET 500;');
    expect(rowsRead).toHaveLength(3000);
    expect(rowsRead.at(-1)).toEqual({ id: 3499, label: 'Station 3499' });
    expect(asked.slice(1)).toEqual([`bytes=0-${2 * firstHeadBytes - 1}`]);
    expect(served).toBeLessThan(bytes.length / 4);
  });

  it('reads the whole file for any other query, once', async () => {
    expect(await same('SELECT count(*) AS n, sum(value) AS total FROM TABLE')).toEqual([
      { n: rows, total: expect.any(Number) },
    ]);
    expect(asked.at(-1)).toBe('whole');
    const before = served;
    await same('SELECT * FROM TABLE WHERE id > 39990 ORDER BY id');
    await same('SELECT * FROM TABLE LIMIT 39999');
    expect(served).toBe(before);
  });
});

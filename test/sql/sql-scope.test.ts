// What an approved query may reach, read from its tokens: the loaded tables and files by URL, never the
// engine's extensions, settings, secrets, variables, other databases or disk, and never SQL as text.
import { describe, expect, it } from 'vitest';
import { scopeRefusal } from '../../src/sql/sql-scope';

describe('the reach of a query', () => {
  it.each([
    "SELECT name FROM airports WHERE name = 'report.csv'",
    "SELECT 'a.csv', 'b.csv' FROM airports",
    "SELECT * FROM read_csv('https://data.example.org/x.csv')",
    "SELECT * FROM read_parquet(['https://a.example/1.parquet', 'https://a.example/2.parquet'])",
    "SELECT * FROM 'https://data.example.org/x.parquet'",
    'SELECT query FROM logs',
    "SELECT name GLOB 'D*' FROM airports",
    'SELECT * FROM airports a JOIN airports b ON a.iata = b.iata',
    "SELECT * FROM pragma_table_info('airports')",
    "SELECT * FROM airports WHERE note = 'SET threads = 1; INSTALL httpfs'",
    'CREATE TABLE secret AS SELECT 1 AS x',
    "UPDATE airports SET name = 'x'",
  ])('lets %j through (what it reaches is the tables or a URL)', (sql) => {
    expect(scopeRefusal(sql)).toBeUndefined();
  });

  it.each([
    ['INSTALL httpfs', 'INSTALL installs a DuckDB extension, so it was not run.'],
    ['force install httpfs', 'force installs a DuckDB extension, so it was not run.'],
    ['DROP SECRET s', 'DROP SECRET removes a credential from the engine, so it was not run.'],
    ['create temporary secret s (TYPE s3)', 'create secret stores a credential in the engine'],
    ['SELECT "GetVariable"(\'x\')', '"GetVariable"() reads the engine\'s variables'],
    [
      'SELECT * FROM system.main.duckdb_settings()',
      "duckdb_settings() reads the engine's settings",
    ],
    ["SELECT * FROM airports, '/etc/passwd'", 'The query reads /etc/passwd from disk as a table'],
    ['SELECT * FROM data.csv', 'The query reads data.csv from disk as a table'],
    ["SELECT * FROM read_csv('./x.csv')", 'read_csv() reads ./x.csv from disk'],
    ['SELECT * FROM read_csv(?)', 'read_csv() names what it reads with an expression'],
    ["SELECT 1; SELECT getvariable('x')", "getvariable() reads the engine's variables"],
    ["SELECT 1 --x\r, getvariable('x')", "getvariable() reads the engine's variables"],
  ])('refuses %j', (sql, sentence) => {
    expect(scopeRefusal(sql)).toContain(sentence);
  });
});

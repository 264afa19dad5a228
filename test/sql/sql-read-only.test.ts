import { describe, expect, it } from 'vitest';
import { readOnlyViolation } from '../../src/sql/sql-read-only';

describe('the read-only check', () => {
  it.each([
    'SELECT * FROM airports',
    'with t as (select 1) select * from t',
    'DESCRIBE airports',
    'SHOW TABLES',
    'EXPLAIN SELECT 1',
    'SUMMARIZE airports',
    '(SELECT 1) UNION (SELECT 2)',
    "SELECT 'drop table x; delete' AS words",
    'SELECT "update" FROM t -- insert into x',
    'SELECT 1; ',
    "SELECT replace(name, 'a', 'b') FROM airports",
    // Read the way DuckDB reads them, through the shared lexer (src/sql/sql-tokens.ts):
    "SELECT E'it\\'s; DROP TABLE x' AS escaped",
    'SELECT $tag$ DROP TABLE x; $tag$ AS dollar_quoted',
    'FROM airports LIMIT 5',
    'EXPLAIN ANALYZE SELECT count(*) FROM airports',
  ])('lets a read run: %s', (sql) => {
    expect(readOnlyViolation(sql)).toBeUndefined();
  });

  it.each([
    ['DROP TABLE airports', /read-only/],
    ['insert into t values (1)', /read-only/],
    ['SELECT 1; DROP TABLE airports', /one statement/],
    ['EXPLAIN ANALYZE DELETE FROM airports', /DELETE/],
    ["COPY airports TO 'out.csv'", /read-only/],
    ["/* SELECT */ ATTACH 'x.db'", /ATTACH/],
    ['WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x', /INSERT/],
    ['SET threads = 1', /read-only/],
    ['', /empty/],
    // Caught by the shared statement reader (modifyingIndex) or by the stricter server rules:
    ['SELECT * INTO copy FROM airports', /INTO/],
    ['WITH gone AS (DELETE FROM airports RETURNING *) SELECT * FROM gone', /DELETE/],
    ['SELECT (1; DROP TABLE airports)', /one statement/],
    ['SELECT load FROM t', /LOAD|load/],
    // A -- comment ends at \r in DuckDB: what follows is SQL, not comment.
    ["SELECT 1 --x\rUPDATE airports SET name='x'", /UPDATE/],
    ["SELECT 1 --x\r; UPDATE airports SET name='x'", /one statement/],
    ['SELECT 1 --x\r;DROP TABLE airports', /one statement/],
    ['SELECT 1 --x\r\n; CREATE TABLE copy AS SELECT 1', /one statement/],
    ['SELECT 1 --x\r; CREATE MACRO leak(a) AS a', /one statement/],
    ['SELECT 1 --x\rDROP TABLE airports', /DROP/],
    // A backtick quotes nothing in DuckDB.
    ['SELECT 1 `; DROP TABLE airports`', /one statement/],
    // DuckDB 1.5 reads a dollar-quoted string here, DuckDB-WASM 1.4 two statements: refused.
    ['SELECT $_x\u00a0$ ; DROP TABLE airports ; $_x\u00a0$', /one statement/],
  ])('refuses %s', (sql, reason) => {
    expect(readOnlyViolation(sql)).toMatch(reason);
  });
});

import { describe, expect, it } from 'vitest';
import { shortenPath } from '../../src/sql/shorten-path';
import { isReadOnlySql, statementKeyword } from '../../src/sql/sql-statement';
import { splitStatements, tokenizeSql } from '../../src/sql/sql-tokens';

describe('tokenizeSql', () => {
  it('keeps strings, quoted identifiers and comments out of the words', () => {
    const tokens = tokenizeSql(
      `SELECT 'a ''DROP''', "x""y", E'it\\'s', $t$ DELETE $t$ -- INSERT\n/* UPDATE */ FROM t`,
    );
    expect(tokens.map((token) => [token.kind, token.value])).toEqual([
      ['word', 'SELECT'],
      ['string', "a 'DROP'"],
      ['punctuation', ','],
      ['quoted-identifier', 'x"y'],
      ['punctuation', ','],
      ['string', "it\\'s"],
      ['punctuation', ','],
      ['string', ' DELETE '],
      ['word', 'FROM'],
      ['word', 'T'],
    ]);
  });

  it('reads numbers, parameters, casts and operators', () => {
    const tokens = tokenizeSql('x::INT >= 1.5e3 AND y = $1 OR z <> ?');
    expect(tokens.map((token) => token.text)).toEqual([
      'x',
      '::',
      'INT',
      '>=',
      '1.5e3',
      'AND',
      'y',
      '=',
      '$1',
      'OR',
      'z',
      '<>',
      '?',
    ]);
    expect(tokens[4]?.kind).toBe('number');
    expect(tokens[8]?.kind).toBe('parameter');
  });

  it('runs an unterminated string or comment to the end instead of failing', () => {
    expect(tokenizeSql("SELECT 'open").map((token) => token.kind)).toEqual(['word', 'string']);
    expect(tokenizeSql('SELECT /* open DROP').map((token) => token.value)).toEqual(['SELECT']);
  });

  it('records where each token is', () => {
    const [token] = tokenizeSql('  quakes');
    expect(token).toMatchObject({ start: 2, end: 8, text: 'quakes', value: 'QUAKES' });
  });
});

describe('splitStatements and statementKeyword', () => {
  it('splits at top-level semicolons only, dropping empty statements', () => {
    const statements = splitStatements(tokenizeSql("SELECT ';'; ; DROP TABLE t;"));
    expect(statements.map(statementKeyword)).toEqual(['SELECT', 'DROP']);
  });

  it('finds the main verb after WITH, parentheses and EXPLAIN', () => {
    const verbs = splitStatements(
      tokenizeSql(
        'WITH a AS (SELECT 1), b(x) AS MATERIALIZED (SELECT 2) UPDATE t SET x = 1; (SELECT 1); EXPLAIN ANALYZE INSERT INTO t VALUES (1)',
      ),
    ).map(statementKeyword);
    expect(verbs).toEqual(['UPDATE', 'SELECT', 'INSERT']);
  });
});

describe('isReadOnlySql', () => {
  it.each([
    'SELECT * FROM t',
    "SELECT 'DROP TABLE t' -- DELETE FROM t",
    'FROM t SELECT a',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'DESCRIBE t; SHOW TABLES; SUMMARIZE t',
    'EXPLAIN SELECT 1',
    '',
  ])('accepts %j', (sql) => {
    expect(isReadOnlySql(sql)).toBe(true);
  });

  it.each([
    'SELECT 1; DROP TABLE t',
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    'WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a',
    "COPY (SELECT 1) TO 'x.csv'",
    "ATTACH 'x.db'",
    'INSTALL httpfs',
    'LOAD spatial',
    "SET s3_region = 'x'",
    'PRAGMA enable_profiling',
    'CALL dbgen(sf = 1)',
    'SELECT * INTO t2 FROM t',
    'EXPLAIN ANALYZE DELETE FROM t',
    'selec * from t',
  ])('refuses %j', (sql) => {
    expect(isReadOnlySql(sql)).toBe(false);
  });
});

describe('shortenPath', () => {
  it.each([
    ['s3://bucket/warehouse/sales/2024/*.parquet', 'sales/2024'],
    ['data/quakes.csv', 'data/quakes'],
    ['quakes.parquet', 'quakes'],
    ['https://example.com/files/x.csv?token=abc', 'files/x'],
    ['s3://lake/trips/year=2024/month=01/*.parquet', 'trips'],
    ['s3://only-bucket/*.parquet', 'only-bucket'],
    ['./out/part-0.snappy.parquet', 'out/part-0'],
  ])('shortens %s to %s', (path, expected) => {
    expect(shortenPath(path)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { externalReads } from '../../src/sql/external-reads';

describe('externalReads: the files and URLs a query names', () => {
  it.each([
    [
      "SELECT * FROM read_csv('http://127.0.0.1:9/leak.csv?conversation=secret')",
      ['http://127.0.0.1:9/leak.csv?conversation=secret'],
    ],
    ["SELECT * FROM 'data/quakes.parquet'", ['data/quakes.parquet']],
    ['SELECT * FROM "quakes.csv"', ['quakes.csv']],
    ['SELECT * FROM data.csv', ['data.csv']],
    [
      "SELECT * FROM read_parquet(['a.parquet', 's3://b/c/*.parquet'])",
      ['a.parquet', 's3://b/c/*.parquet'],
    ],
    ["SELECT * FROM glob('/etc/*')", ['/etc/*']],
    ["SELECT * FROM read_csv(getvariable('x'))", ['read_csv()']],
    ["SELECT * FROM query('SELECT * FROM read_text(''/etc/passwd'')')", ['/etc/passwd']],
    ["SELECT * FROM query_table('t')", ['t']],
    ["SELECT * FROM sqlite_scan('x.db', 't')", ['x.db']],
    ["SELECT * FROM t WHERE url = 'see https://x.example/a?b=1 here'", ['https://x.example/a?b=1']],
    ["SELECT * FROM t -- read_csv('http://x/y.csv')\n", []],
    ["SELECT name, 'St. Louis' FROM airports WHERE state = 'MO'", []],
    ['SELECT count(*) FROM quakes JOIN stations ON quakes.id = stations.id', []],
  ])('%s', (sql, expected) => {
    expect(externalReads(sql)).toEqual(expected);
  });
});

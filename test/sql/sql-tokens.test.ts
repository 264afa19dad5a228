import { describe, expect, it } from 'vitest';
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

  it('ends a -- comment at \\r and \\n only, as DuckDB does', () => {
    const count = (sql: string) => splitStatements(tokenizeSql(sql)).length;
    expect(count("SELECT 1 --x\r; UPDATE airports SET name = 'x'")).toBe(2);
    expect(count('SELECT 1 --x\r\n; DROP TABLE airports')).toBe(2);
    expect(count('SELECT 1 --x\n; DROP TABLE airports')).toBe(2);
    for (const inComment of ['\u2028', '\u2029', '\v', '\f', '\u0085']) {
      expect(
        count(`SELECT 1 --x${inComment}; DROP TABLE airports`),
        JSON.stringify(inComment),
      ).toBe(1);
    }
    expect(
      tokenizeSql("SELECT 1 --x\rUPDATE airports SET name = 'x'").map((token) => token.value),
    ).toContain('UPDATE');
  });

  it('nests /* */ comments, as DuckDB does', () => {
    const count = (sql: string) => splitStatements(tokenizeSql(sql)).length;
    expect(count('SELECT 1 /* a /* b */ ; DROP TABLE t */')).toBe(1);
    expect(count('SELECT 1 /* a /* b */ */ ; DROP TABLE t')).toBe(2);
    expect(count('SELECT 1 /*/ ; */ ; DROP TABLE t')).toBe(2);
    expect(count('SELECT 1 +/* ; */ 2')).toBe(1);
  });

  it('reads strings and quoted names where DuckDB does', () => {
    const values = (sql: string) => tokenizeSql(sql).map((token) => [token.kind, token.value]);
    // A backtick quotes nothing in DuckDB: the semicolon after it separates statements.
    expect(splitStatements(tokenizeSql('SELECT 1 `; DROP TABLE t`'))).toHaveLength(2);
    // A string continued on the next line keeps E'...' escapes: \' does not end it.
    expect(values("SELECT E'a'\n'\\'; DROP TABLE t --'")).toEqual([
      ['word', 'SELECT'],
      ['string', "a\\'; DROP TABLE t --"],
    ]);
    expect(values("SELECT 'a' -- note\n 'b'")).toEqual([
      ['word', 'SELECT'],
      ['string', 'ab'],
    ]);
    // B'...' and X'...' end at the first quote.
    expect(values("SELECT B'01''; x'")).toEqual([
      ['word', 'SELECT'],
      ['string', '01'],
      ['string', '; x'],
    ]);
    // Dollar-quote tags may hold any non-ASCII letter and are case-sensitive; $1 is a parameter.
    expect(values('SELECT $é$ ; DROP TABLE t $é$')).toEqual([
      ['word', 'SELECT'],
      ['string', ' ; DROP TABLE t '],
    ]);
    expect(values('SELECT $T$ $t$ ; $T$')).toEqual([
      ['word', 'SELECT'],
      ['string', ' $t$ ; '],
    ]);
    expect(values('SELECT $1$t$;$t$')).toEqual([
      ['word', 'SELECT'],
      ['parameter', '$1'],
      ['string', ';'],
    ]);
  });

  it('reads Unicode spaces as DuckDB does: spaces outside quotes, letters of names inside them', () => {
    expect(tokenizeSql('SELECT 1;\u00a0DROP TABLE t').map((token) => token.value)).toEqual([
      'SELECT',
      '1',
      ';',
      'DROP',
      'TABLE',
      'T',
    ]);
    expect(tokenizeSql("SELECT '\u00a0'")[1]?.value).toBe('\u00a0');
    // U+2028 is no space to DuckDB: it is a letter, here of a name.
    expect(tokenizeSql('SELECT a\u2028b')[1]?.value).toBe('A\u2028B');
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

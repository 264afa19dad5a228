import { describe, expect, it } from 'vitest';
import { REDACTED, redactArguments, redactSql } from '../../../src/agent/redact/redact';
import { statementKeyword } from '../../../src/sql/sql-statement';
import { splitStatements, tokenizeSql } from '../../../src/sql/sql-tokens';

function verbs(sql: string): (string | undefined)[] {
  return splitStatements(tokenizeSql(sql)).map(statementKeyword);
}

// SQL written to make a mask swallow a statement: across a line break, across a quote boundary, through
// a comment's end, behind a forged key header.
const hostile = [
  "SELECT 1 -- password: 'x\rUPDATE airports SET name = 'y' --'",
  "SELECT count(*) FROM airports WHERE 1 = 1 -- token='a\u2028; DELETE FROM airports; --'",
  "SELECT 'password=' ; DROP TABLE airports; --'",
  "SELECT 'api_key: \"abc' ; UPDATE airports SET name = 'x'; SELECT '\"'",
  '/* password=abc*/ UPDATE airports SET name = 1',
  "/* secret: 'x */ DELETE FROM airports; -- ' */",
  "-- -----BEGIN PRIVATE KEY-----\nUPDATE airports SET name = 'x';\n-- -----END PRIVATE KEY-----\nSELECT 1",
  "SELECT E'token=\\' ; DROP TABLE airports; --' FROM t",
  "SELECT $$password: 'abc$$; DROP TABLE airports; SELECT $$'$$",
];

describe('redactSql', () => {
  it.each(hostile)('shows every statement of %j', (sql) => {
    expect(verbs(redactSql(sql))).toEqual(verbs(sql));
    expect(verbs(sql).length).toBeGreaterThan(0);
  });

  it('keeps a statement that masking the whole text as prose would hide', () => {
    const sql = "SELECT 'password=' ; DROP TABLE airports; --'";
    expect(redactSql(sql)).toBe(sql);
    expect(redactArguments({ sql }).sql).toContain('DROP TABLE airports');
  });

  it('masks secret values inside strings, after secret names and in comments', () => {
    expect(
      redactSql(
        "CREATE SECRET s (TYPE s3, KEY_ID 'AKIAIOSFODNN7EXAMPLE', SECRET 'def', REGION 'eu-west-1');\n" +
          "SET s3_session_token = 'ghi'; -- password: hunter2\n" +
          "SELECT * FROM read_csv('https://ana:p4ss@host/x.csv') WHERE token = 'tok_1' AND n = 3",
      ),
    ).toBe(
      `CREATE SECRET s (TYPE s3, KEY_ID '${REDACTED}', SECRET '${REDACTED}', REGION 'eu-west-1');\n` +
        `SET s3_session_token = '${REDACTED}'; -- password: ${REDACTED}\n` +
        `SELECT * FROM read_csv('https://ana:${REDACTED}@host/x.csv') WHERE token = '${REDACTED}' AND n = 3`,
    );
  });

  it('keeps placeholders, NULL and ordinary SQL as written', () => {
    const sql =
      "ATTACH 'postgres://me:{{secret:PG}}@db/x' AS pg; SELECT * FROM t WHERE password = '{{secret:PG}}' OR token IS NULL OR password = NULL";
    expect(redactSql(sql)).toBe(sql);
  });

  it('is used for SQL arguments by redactArguments', () => {
    expect(redactArguments({ sql_query: "SELECT 1 -- token: 'x\rDROP TABLE t" })).toEqual({
      sql_query: `SELECT 1 -- token: '${REDACTED}\rDROP TABLE t`,
    });
  });
});

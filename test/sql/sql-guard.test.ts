// The guard runs a query only when this project's lexer and DuckDB's own reading agree that it is one
// statement that reads. DuckDB's reading is faked here; the differential test asks the real DuckDB.
import { describe, expect, it } from 'vitest';
import { readOnlyRefusal, type SqlStatementReading } from '../../src/sql/sql-guard';

/** A reader that answers from a table, and records what it was asked. */
function fakeReader(answers: Record<string, SqlStatementReading | Error>) {
  const asked: string[] = [];
  return {
    asked,
    readStatements: async (sql: string): Promise<SqlStatementReading> => {
      asked.push(sql);
      const answer = answers[sql];
      if (answer === undefined) throw new Error(`unexpected question: ${sql}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('readOnlyRefusal', () => {
  it('lets a query run when both readers see one reading statement', async () => {
    const reader = fakeReader({ 'SELECT 1': { statementTypes: ['SELECT'] } });
    expect(await readOnlyRefusal('SELECT 1', reader)).toBeUndefined();
  });

  it('refuses what the lexer refuses without asking DuckDB', async () => {
    const reader = fakeReader({});
    expect(await readOnlyRefusal('DROP TABLE airports', reader)).toMatch(/read-only/);
    expect(await readOnlyRefusal("SELECT 1 --x\r; UPDATE airports SET name = 'x'", reader)).toMatch(
      /one statement/,
    );
    expect(reader.asked).toEqual([]);
  });

  it('refuses when DuckDB sees more statements than the lexer', async () => {
    const sql = 'SELECT 1 -- hidden';
    const reader = fakeReader({ [sql]: { statementTypes: ['SELECT', 'UPDATE'] } });
    expect(await readOnlyRefusal(sql, reader)).toMatch(
      /DuckDB reads 2 statements in this query where one was expected/,
    );
    const counted = fakeReader({ [sql]: { statementCount: 2 } });
    expect(await readOnlyRefusal(sql, counted)).toMatch(/DuckDB reads 2 statements/);
  });

  it('explains a PIVOT that DuckDB turns into two statements', async () => {
    const sql = 'PIVOT airports ON state';
    const reader = fakeReader({ [sql]: { statementTypes: ['CREATE', 'SELECT'] } });
    expect(await readOnlyRefusal(sql, reader)).toMatch(/PIVOT without an IN list/);
  });

  it('refuses a statement DuckDB types as a write', async () => {
    const sql = 'SELECT 1';
    const reader = fakeReader({ [sql]: { statementTypes: ['CREATE'] } });
    expect(await readOnlyRefusal(sql, reader)).toMatch(
      /DuckDB reads this query as a CREATE statement/,
    );
  });

  it('allows EXPLAIN only of a statement DuckDB reads as a query', async () => {
    const reader = fakeReader({
      'EXPLAIN ANALYZE SELECT 1': { statementTypes: ['EXPLAIN'] },
      'SELECT 1': { statementTypes: ['SELECT'] },
      'EXPLAIN SELECT 2': { statementTypes: ['EXPLAIN'] },
      'SELECT 2': { statementTypes: ['UPDATE'] },
    });
    expect(await readOnlyRefusal('EXPLAIN ANALYZE SELECT 1', reader)).toBeUndefined();
    expect(await readOnlyRefusal('EXPLAIN SELECT 2', reader)).toMatch(/UPDATE statement/);
  });

  it("passes DuckDB's own error on when DuckDB cannot read the query", async () => {
    const sql = 'SELECT nope FROM airports';
    const reader = fakeReader({ [sql]: new Error('Binder Error: column "nope" not found') });
    expect(await readOnlyRefusal(sql, reader)).toBe('Binder Error: column "nope" not found');
  });

  it('lets a count-only reader (DuckDB-WASM) decide the count', async () => {
    const reader = fakeReader({ 'SELECT 1': { statementCount: 1 } });
    expect(await readOnlyRefusal('SELECT 1', reader)).toBeUndefined();
  });

  it('falls back to the lexer alone for an engine without a reader', async () => {
    expect(await readOnlyRefusal('SELECT 1', undefined)).toBeUndefined();
    expect(await readOnlyRefusal('SELECT 1; SELECT 2', undefined)).toMatch(/one statement/);
  });
});

// The one decision whether SQL may run on a read-only server. Two readers must agree: this project's
// lexer (one statement, a reading verb, no write word anywhere) and DuckDB itself (one statement, of a
// type that reads). A query runs only when both say so; any disagreement refuses it, because a second
// statement or a write hides exactly where two readers of the same text part ways.
import { errorMessage } from '../errors/error-message';
import { readOnlyViolation } from './sql-read-only';
import { scopeRefusal } from './sql-scope';
import { isToken, tokenizeSql } from './sql-tokens';

/**
 * How DuckDB itself reads a piece of SQL, without running it: the type of each statement (upper case, as
 * DuckDB names them: `SELECT`, `EXPLAIN`, `UPDATE`, ...), or only how many statements there are when the
 * engine cannot tell their types.
 */
export type SqlStatementReading = { statementTypes: string[] } | { statementCount: number };

/** DuckDB's own reading of SQL. It rejects with DuckDB's error when DuckDB cannot read the SQL. */
export interface SqlStatementReader {
  readStatements(sql: string): Promise<SqlStatementReading>;
}

// Statement types that only read. DESCRIBE, SHOW, SUMMARIZE, FROM-first queries, VALUES and TABLE are
// all SELECT statements to DuckDB. EXPLAIN reads when what it explains reads (checked separately).
const readingTypes = new Set(['SELECT']);

function messageOf(error: unknown): string {
  return errorMessage(error);
}

function countOf(reading: SqlStatementReading): number {
  return 'statementTypes' in reading ? reading.statementTypes.length : reading.statementCount;
}

/**
 * Why SQL may not run on a read-only server, or `undefined` when it may: what it reaches beyond the
 * tables (`scopeRefusal`) and the lexer's check (`readOnlyViolation`) first, then DuckDB's reading
 * through `reader`. Without a reader only the lexer decides (an engine that cannot read SQL the way
 * DuckDB does).
 */
export async function readOnlyRefusal(
  sql: string,
  reader: SqlStatementReader | undefined,
): Promise<string | undefined> {
  const violation = scopeRefusal(sql) ?? readOnlyViolation(sql);
  if (violation !== undefined || reader === undefined) return violation;
  return duckDbRefusal(sql, reader, true);
}

async function duckDbRefusal(
  sql: string,
  reader: SqlStatementReader,
  explainAllowed: boolean,
): Promise<string | undefined> {
  let reading: SqlStatementReading;
  try {
    reading = await reader.readStatements(sql);
  } catch (error) {
    // DuckDB cannot parse or bind it: its own error says why, and the query would fail with it anyway.
    return messageOf(error);
  }
  const count = countOf(reading);
  if (count !== 1) return statementCountRefusal(sql, count);
  if (!('statementTypes' in reading)) return undefined;
  const type = (reading.statementTypes[0] ?? '').toUpperCase();
  if (readingTypes.has(type)) return undefined;
  if (type === 'EXPLAIN' && explainAllowed) {
    const explained = explainedStatement(sql);
    if (explained !== undefined) return duckDbRefusal(explained, reader, false);
  }
  return (
    `This server is read-only: DuckDB reads this query as a ${type || 'non-query'} statement, ` +
    'so it was not run. Write a query that only reads.'
  );
}

function statementCountRefusal(sql: string, count: number): string {
  if (count === 0) return 'DuckDB finds no statement in this query, so nothing was run.';
  const pivot = tokenizeSql(sql).some((token) => isToken(token, 'PIVOT'));
  return (
    `DuckDB reads ${count} statements in this query where one was expected, so it was not run. ` +
    (pivot
      ? 'A PIVOT without an IN list makes DuckDB create a type first: list the values with IN (...).'
      : 'Send a single statement; a comment or a quote may be hiding a second one.')
  );
}

// The statement an `EXPLAIN [ANALYZE] [VERBOSE]` or `EXPLAIN (options)` runs, as written.
function explainedStatement(sql: string): string | undefined {
  const tokens = tokenizeSql(sql);
  if (!isToken(tokens[0], 'EXPLAIN')) return undefined;
  let index = 1;
  if (isToken(tokens[index], '(')) {
    while (index < tokens.length && !isToken(tokens[index], ')')) index += 1;
    index += 1;
  }
  while (isToken(tokens[index], 'ANALYZE') || isToken(tokens[index], 'VERBOSE')) index += 1;
  const first = tokens[index];
  return first === undefined ? undefined : sql.slice(first.start);
}

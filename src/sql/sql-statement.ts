// Which verb a SQL statement runs, and whether it can change data or state. Shared by the approval card's
// description and by the read-only check of the SQL MCP server, so both read SQL the same way.
import { isToken, matchingParen, splitStatements, tokenizeSql } from './sql-tokens';
import type { SqlToken } from './sql-tokens';

/** Statement verbs that only read. Any other leading verb is treated as one that changes something. */
export const READ_ONLY_KEYWORDS: ReadonlySet<string> = new Set([
  'SELECT',
  'FROM',
  'VALUES',
  'TABLE',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'SUMMARIZE',
  'PIVOT',
  'UNPIVOT',
  'PIVOT_WIDER',
  'PIVOT_LONGER',
]);

/** Verbs that change data or state when they lead a statement (any verb not read-only is treated so). */
export const MODIFYING_KEYWORDS: ReadonlySet<string> = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'REPLACE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'COPY',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'FORCE',
  'LOAD',
  'SET',
  'RESET',
  'PRAGMA',
  'EXPORT',
  'IMPORT',
  'CALL',
  'GRANT',
  'REVOKE',
  'VACUUM',
  'CHECKPOINT',
  'ANALYZE',
  'USE',
  'BEGIN',
  'START',
  'COMMIT',
  'ROLLBACK',
  'ABORT',
  'END',
  'COMMENT',
  'PREPARE',
  'EXECUTE',
  'DEALLOCATE',
  'DO',
  'RENAME',
  'LOCK',
  'REFRESH',
]);

// Data-changing verbs that may also hide inside parentheses (`WITH d AS (DELETE ... RETURNING *)`).
const nestedWriteVerbs = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'DROP',
  'CREATE',
  'ALTER',
  'TRUNCATE',
]);

/** The verb of a statement and where it sits. */
export interface StatementVerb {
  /** Upper-case verb, e.g. `SELECT`, `INSERT`; `undefined` for an empty statement. */
  keyword: string | undefined;
  /** Index of the verb's token in the statement. */
  index: number;
}

/**
 * Finds the verb a statement runs: leading parentheses are skipped, `WITH ...` clauses are skipped to
 * the main verb, and `EXPLAIN [ANALYZE]` is looked through to the statement it explains.
 */
export function statementVerb(statement: readonly SqlToken[]): StatementVerb {
  let index = 0;
  while (isToken(statement[index], '(')) index += 1;
  let token = statement[index];
  while (isToken(token, 'EXPLAIN') || isToken(token, 'ANALYZE') || isToken(token, 'VERBOSE')) {
    if (isToken(token, 'ANALYZE') && !isToken(statement[index - 1], 'EXPLAIN')) break;
    index += 1;
    token = statement[index];
  }
  if (isToken(token, 'WITH')) {
    index = skipWithClause(statement, index);
    while (isToken(statement[index], '(')) index += 1;
    token = statement[index];
  }
  if (token === undefined) return { keyword: undefined, index };
  return { keyword: token.kind === 'word' ? token.value : token.text, index };
}

/** The upper-case verb of a statement (see `statementVerb`). */
export function statementKeyword(statement: readonly SqlToken[]): string | undefined {
  return statementVerb(statement).keyword;
}

/**
 * Index of the token that makes a statement change data or state, or `undefined` when it only reads: its
 * verb when that is not a read-only one, a data-changing verb opening a parenthesised statement inside it
 * (`WITH d AS (DELETE ...)`), or an `INTO` that selects into a table.
 */
export function modifyingIndex(statement: readonly SqlToken[]): number | undefined {
  const verb = statementVerb(statement);
  if (verb.keyword === undefined) return undefined;
  if (!READ_ONLY_KEYWORDS.has(verb.keyword)) return verb.index;
  const index = statement.findIndex((token, index) => {
    if (token.kind !== 'word') return false;
    if (token.value === 'INTO') return true;
    const after = statement[index + 1];
    return (
      nestedWriteVerbs.has(token.value) &&
      isToken(statement[index - 1], '(') &&
      (after?.kind === 'word' || after?.kind === 'quoted-identifier')
    );
  });
  return index === -1 ? undefined : index;
}

/** True when a statement may change data or state (see `modifyingIndex`). */
export function statementModifies(statement: readonly SqlToken[]): boolean {
  return modifyingIndex(statement) !== undefined;
}

/** True when every statement in the SQL only reads (an empty input reads nothing and is read-only). */
export function isReadOnlySql(sql: string): boolean {
  return splitStatements(tokenizeSql(sql)).every((statement) => !statementModifies(statement));
}

/** Names of the common table expressions a `WITH` at `withIndex` defines, and where its main verb is. */
export function parseWithClause(
  statement: readonly SqlToken[],
  withIndex: number,
): { names: string[]; end: number } {
  const names: string[] = [];
  let index = withIndex + 1;
  if (isToken(statement[index], 'RECURSIVE')) index += 1;
  for (;;) {
    const name = statement[index];
    if (name === undefined || (name.kind !== 'word' && name.kind !== 'quoted-identifier')) break;
    let cursor = index + 1;
    if (isToken(statement[cursor], '(')) cursor = matchingParen(statement, cursor) + 1;
    if (!isToken(statement[cursor], 'AS')) break;
    cursor += 1;
    while (isToken(statement[cursor], 'NOT') || isToken(statement[cursor], 'MATERIALIZED')) {
      cursor += 1;
    }
    if (!isToken(statement[cursor], '(')) break;
    names.push(name.value);
    index = matchingParen(statement, cursor) + 1;
    if (!isToken(statement[index], ',')) break;
    index += 1;
  }
  return { names, end: index };
}

function skipWithClause(statement: readonly SqlToken[], withIndex: number): number {
  return parseWithClause(statement, withIndex).end;
}

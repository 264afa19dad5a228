// The read-only check of the SQL server, token by token over the shared SQL lexer (src/sql), so the
// approval card and the server read SQL the same way. It is stricter than `isReadOnlySql`: one statement
// only, a leading verb that reads, and no data-changing keyword anywhere outside strings and quoted names.
import { modifyingIndex, statementVerb } from './sql-statement';
import { tokenizeSql, type SqlToken } from './sql-tokens';
import { unicodeSpaceRuleSets, type UnicodeSpaceRules } from './unicode-spaces';

// SELECT, WITH, DESCRIBE, SHOW, EXPLAIN and SUMMARIZE, plus DuckDB's other spellings of a query.
const readVerbs = new Set([
  'SELECT',
  'WITH',
  'DESCRIBE',
  'DESC',
  'SHOW',
  'EXPLAIN',
  'SUMMARIZE',
  'FROM',
  'VALUES',
  'TABLE',
  'PIVOT',
  'UNPIVOT',
]);

// Words that change data, schema, settings or the file system, refused anywhere in the statement: a
// query has no use for them unquoted, and refusing them everywhere leaves no nesting to get wrong.
const writeWords = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'MERGE',
  'UPSERT',
  'COPY',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'LOAD',
  'PRAGMA',
  'SET',
  'RESET',
  'CALL',
  'EXPORT',
  'IMPORT',
  'GRANT',
  'REVOKE',
  'VACUUM',
  'CHECKPOINT',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'USE',
]);

const isSemicolon = (token: SqlToken) => token.kind === 'punctuation' && token.text === ';';

/**
 * Why a statement may not run on a read-only server, or undefined when it may. SQL with Unicode spaces
 * is read under each DuckDB version's rules for them, and refused if any reading is refused.
 */
export function readOnlyViolation(sql: string): string | undefined {
  for (const rules of unicodeSpaceRuleSets(sql)) {
    const violation = violationUnder(sql, rules);
    if (violation !== undefined) return violation;
  }
  return undefined;
}

function violationUnder(sql: string, rules: UnicodeSpaceRules): string | undefined {
  const tokens = tokenizeSql(sql, rules);
  // Every semicolon counts, even inside unbalanced parentheses: a second statement is never guessed at.
  const firstSemicolon = tokens.findIndex(isSemicolon);
  const statement = firstSemicolon === -1 ? tokens : tokens.slice(0, firstSemicolon);
  const rest = firstSemicolon === -1 ? [] : tokens.slice(firstSemicolon);
  if (statement.length === 0 && rest.every(isSemicolon)) {
    return 'The query is empty. Write one SELECT statement.';
  }
  if (statement.length === 0 || !rest.every(isSemicolon)) {
    return 'Send one statement per query: remove the extra statements after the first semicolon.';
  }
  let first = 0;
  while (statement[first]?.kind === 'punctuation' && statement[first]?.text === '(') first += 1;
  const leading = statement[first];
  if (leading?.kind !== 'word' || !readVerbs.has(leading.value)) {
    return (
      `This server is read-only and refuses statements starting with ${leading ? `"${leading.text}"` : 'nothing'}. ` +
      'Only SELECT, WITH, DESCRIBE, SHOW, EXPLAIN and SUMMARIZE run here; rewrite it as a query.'
    );
  }
  const changing = modifyingIndex(statement);
  const write =
    (changing === undefined ? undefined : statement[changing]) ??
    statement.find((token) => token.kind === 'word' && writeWords.has(token.value));
  if (write) {
    return (
      `This server is read-only: "${write.text}" would change data or settings, so the query was not run. ` +
      'Write a query that only reads (quote a column named like a keyword, e.g. "set").'
    );
  }
  // statementVerb looks through WITH and EXPLAIN [ANALYZE]; its verb must read as well.
  const verb = statementVerb(statement).keyword;
  if (verb !== undefined && !readVerbs.has(verb)) {
    return `This server is read-only: the statement runs "${verb}", so it was not run. Write a query that only reads.`;
  }
  return undefined;
}

// The read-only check, token by token: words inside strings, quoted names and comments never count.
// Engineer B's src/agent/sql/sql-tokens.ts did not exist when this was written, so this file carries its
// own small tokenizer; it only needs to tell words from strings, quoted identifiers and comments.

/** One SQL token, as much as the read-only check needs. */
export interface SqlToken {
  kind: 'word' | 'string' | 'quoted' | 'number' | 'symbol' | 'semicolon';
  text: string;
}

/** Splits SQL into tokens, dropping whitespace and comments. */
export function tokenizeForCheck(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    const rest = sql.slice(index);
    if (/\s/.test(char)) {
      index++;
    } else if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', index + 2);
      index = end === -1 ? sql.length : end + 2;
    } else if (char === "'" || char === '"') {
      const end = closingQuote(sql, index, char);
      tokens.push({ kind: char === "'" ? 'string' : 'quoted', text: sql.slice(index, end) });
      index = end;
    } else if (char === '$' && /^\$[A-Za-z_]*\$/.test(rest)) {
      const tag = /^\$[A-Za-z_]*\$/.exec(rest)![0];
      const end = sql.indexOf(tag, index + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      tokens.push({ kind: 'string', text: sql.slice(index, stop) });
      index = stop;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest)![0];
      tokens.push({ kind: 'word', text: word });
      index += word.length;
    } else if (/[0-9.]/.test(char) && /^[0-9]*\.?[0-9]+/.test(rest)) {
      const number = /^[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?/.exec(rest)![0];
      tokens.push({ kind: 'number', text: number });
      index += number.length;
    } else {
      tokens.push({ kind: char === ';' ? 'semicolon' : 'symbol', text: char });
      index++;
    }
  }
  return tokens;
}

function closingQuote(sql: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < sql.length) {
    if (sql[index] === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else index++;
  }
  return sql.length;
}

const readStatements = new Set(['SELECT', 'WITH', 'DESCRIBE', 'SHOW', 'EXPLAIN', 'SUMMARIZE']);

// Words that change data, schema, settings or the file system. EXPLAIN ANALYZE runs its statement, so
// these are refused anywhere in the statement, not only at its start.
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

/** Why a statement may not run on a read-only server, or undefined when it may. */
export function readOnlyViolation(sql: string): string | undefined {
  const tokens = tokenizeForCheck(sql);
  const statements: SqlToken[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'semicolon') statements.push([]);
    else statements[statements.length - 1]!.push(token);
  }
  const nonEmpty = statements.filter((statement) => statement.length > 0);
  if (nonEmpty.length === 0) return 'The query is empty. Write one SELECT statement.';
  if (nonEmpty.length > 1) {
    return 'Send one statement per query: remove the extra statements after the first semicolon.';
  }
  const statement = nonEmpty[0]!;
  const first = statement.find((token) => token.kind !== 'symbol' || token.text !== '(');
  const firstWord = first?.kind === 'word' ? first.text.toUpperCase() : '';
  if (!readStatements.has(firstWord)) {
    return (
      `This server is read-only and refuses statements starting with ${first ? `"${first.text}"` : 'nothing'}. ` +
      'Only SELECT, WITH, DESCRIBE, SHOW, EXPLAIN and SUMMARIZE run here; rewrite it as a query.'
    );
  }
  const write = statement.find(
    (token) => token.kind === 'word' && writeWords.has(token.text.toUpperCase()),
  );
  if (write) {
    return (
      `This server is read-only: "${write.text}" would change data or settings, so the query was not run. ` +
      'Write a query that only reads (quote a column named like a keyword, e.g. "set").'
    );
  }
  return undefined;
}

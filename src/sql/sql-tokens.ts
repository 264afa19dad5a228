import { replaceUnicodeSpaces, type UnicodeSpaceRules } from './unicode-spaces';

// A small SQL lexer that reads text the way DuckDB's scanner (PostgreSQL's scan.l, as vendored by DuckDB)
// does. It exists so that keywords inside string literals, quoted identifiers and comments never count
// when SQL is described or checked for writes, and it must agree with DuckDB on where those end: a
// comment or string that ends earlier or later here than in DuckDB would hide a statement from the
// read-only check. test/sql/sql-guard.differential.test.ts compares it with DuckDB itself.

/** What kind of lexeme a token is. Comments and whitespace produce no tokens. */
export type SqlTokenKind =
  'word' | 'quoted-identifier' | 'string' | 'number' | 'parameter' | 'operator' | 'punctuation';

/** One lexeme of SQL. */
export interface SqlToken {
  kind: SqlTokenKind;
  /** The source text, exactly as written (quotes included). */
  text: string;
  /** Words: upper case. Strings and quoted identifiers: the unquoted content. Others: the text. */
  value: string;
  /** Offset of the first character in the source. */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

// DuckDB reads bytes: every non-ASCII character is a letter of an identifier (never whitespace), and
// only these five ASCII characters are whitespace. U+2028, U+00A0 and \v are not.
const whitespace = /[ \t\n\r\f]+/y;
const identifierRest = /[A-Za-z0-9_$\u0080-\uFFFF]*/y;
const identifierStart = /[A-Za-z_\u0080-\uFFFF]/;
const digit = /[0-9]/;
// A `--` comment ends at \n or \r, and nowhere else.
const lineComment = /--[^\n\r]*/y;
// `'a'` then whitespace holding a newline then `'b'` is one string (SQL's string continuation).
const stringContinuation = /(?:[ \t\f]|--[^\n\r]*)*[\n\r](?:[ \t\n\r\f]+|--[^\n\r]*[\n\r])*'/y;
const dollarDelimiter = /\$(?:[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/y;
const positionalParameter = /[$?][0-9](?:_?[0-9])*/y;
const numberPattern =
  /(?:[0-9](?:_?[0-9])*(?:\.(?![.])(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?/y;
const punctuation = new Set(['(', ')', ',', ';', '.', '[', ']', '{', '}']);
// DuckDB's operator characters (the backtick is one: it quotes nothing).
const operatorCharacters = new Set([...'~!@^&|`+-*/%<>=?#:']);

/** Where a sticky pattern matches at `index`, or -1. */
function matchEnd(pattern: RegExp, sql: string, index: number): number {
  pattern.lastIndex = index;
  return pattern.test(sql) ? pattern.lastIndex : -1;
}

/**
 * Splits SQL into tokens, dropping whitespace and comments (`-- ...` up to \n or \r, and nested
 * `/* ... *\/`). Unterminated strings and comments run to the end of the input rather than failing.
 * Unicode spaces are read under DuckDB 1.5's rules unless `rules` says otherwise.
 */
export function tokenizeSql(written: string, rules: UnicodeSpaceRules = {}): SqlToken[] {
  // Scan what DuckDB's scanner scans; report text as it was written.
  const sql = replaceUnicodeSpaces(written, rules);
  const tokens: SqlToken[] = [];
  const length = sql.length;
  let index = 0;
  const push = (kind: SqlTokenKind, start: number, end: number, value?: string): void => {
    const text = written.slice(start, end);
    tokens.push({ kind, text, value: value ?? sql.slice(start, end), start, end });
  };
  while (index < length) {
    const character = sql[index] as string;
    const next = sql[index + 1];
    if (
      character === ' ' ||
      character === '\n' ||
      character === '\t' ||
      character === '\r' ||
      character === '\f'
    ) {
      index = matchEnd(whitespace, sql, index);
    } else if (character === '-' && next === '-') {
      index = matchEnd(lineComment, sql, index);
    } else if (character === '/' && next === '*') {
      index = blockCommentEnd(sql, index);
    } else if (character === "'") {
      const { end, value } = readString(sql, index, false);
      push('string', index, end, value);
      index = end;
    } else if ((character === 'E' || character === 'e') && next === "'") {
      const { end, value } = readString(sql, index + 1, true);
      push('string', index, end, value);
      index = end;
    } else if (
      (character === 'B' || character === 'b' || character === 'X' || character === 'x') &&
      next === "'"
    ) {
      const { end, value } = readBitString(sql, index + 1);
      push('string', index, end, value);
      index = end;
    } else if (character === '"') {
      const end = quotedIdentifierEnd(sql, index);
      push('quoted-identifier', index, end, unquoteIdentifier(sql.slice(index, end)));
      index = end;
    } else if (character === '$' && matchEnd(dollarDelimiter, sql, index) !== -1) {
      const open = matchEnd(dollarDelimiter, sql, index);
      const tag = sql.slice(index, open);
      const close = sql.indexOf(tag, open);
      const end = close === -1 ? length : close + tag.length;
      push('string', index, end, sql.slice(open, close === -1 ? length : close));
      index = end;
    } else if ((character === '$' || character === '?') && next !== undefined && digit.test(next)) {
      const end = matchEnd(positionalParameter, sql, index);
      push('parameter', index, end);
      index = end;
    } else if (
      digit.test(character) ||
      (character === '.' && next !== undefined && digit.test(next))
    ) {
      const end = Math.max(index + 1, matchEnd(numberPattern, sql, index));
      push('number', index, end);
      index = end;
    } else if (identifierStart.test(character)) {
      const end = matchEnd(identifierRest, sql, index + 1);
      push('word', index, end, sql.slice(index, end).toUpperCase());
      index = end;
    } else if (punctuation.has(character)) {
      push('punctuation', index, index + 1);
      index += 1;
    } else if (operatorCharacters.has(character)) {
      // An operator stops where a comment starts, as in DuckDB: `+--x` is `+` and a comment.
      let end = index + 1;
      while (
        end < length &&
        operatorCharacters.has(sql[end] as string) &&
        !(sql[end] === '-' && sql[end + 1] === '-') &&
        !(sql[end] === '/' && sql[end + 1] === '*')
      ) {
        end += 1;
      }
      push(character === '?' && end === index + 1 ? 'parameter' : 'operator', index, end);
      index = end;
    } else {
      // `$` alone, `\`, `\v` and other characters DuckDB returns one at a time.
      push('operator', index, index + 1);
      index += 1;
    }
  }
  return tokens;
}

/** Splits tokens into statements at top-level semicolons; empty statements are dropped. */
export function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punctuation') {
      if (token.text === '(') depth += 1;
      if (token.text === ')') depth = Math.max(0, depth - 1);
      if (token.text === ';' && depth === 0) {
        if (current.length > 0) statements.push(current);
        current = [];
        continue;
      }
    }
    current.push(token);
  }
  if (current.length > 0) statements.push(current);
  return statements;
}

/** True when the token is the bare word (case-insensitive) or punctuation given. */
export function isToken(token: SqlToken | undefined, text: string): boolean {
  if (token === undefined) return false;
  if (token.kind === 'word') return token.value === text.toUpperCase();
  return token.kind === 'punctuation' && token.text === text;
}

/** Index of the `)` that closes the `(` at `open`, or the last index when it is never closed. */
export function matchingParen(tokens: readonly SqlToken[], open: number): number {
  const close = parenPairs(tokens)[open] ?? -1;
  return close === -1 ? tokens.length - 1 : close;
}

/** Parenthesis depth before each token (a `(` itself is at the outer depth). */
export function parenDepths(tokens: readonly SqlToken[]): Int32Array {
  let depths = depthCache.get(tokens);
  if (depths === undefined) {
    depths = new Int32Array(tokens.length);
    let depth = 0;
    tokens.forEach((token, index) => {
      if (token.kind === 'punctuation' && token.text === ')') depth = Math.max(0, depth - 1);
      (depths as Int32Array)[index] = depth;
      if (token.kind === 'punctuation' && token.text === '(') depth += 1;
    });
    depthCache.set(tokens, depths);
  }
  return depths;
}

// Computed once per token list: describing deeply nested SQL must not rescan it for every function call.
const pairCache = new WeakMap<readonly SqlToken[], Int32Array>();
const depthCache = new WeakMap<readonly SqlToken[], Int32Array>();

function parenPairs(tokens: readonly SqlToken[]): Int32Array {
  let pairs = pairCache.get(tokens);
  if (pairs === undefined) {
    pairs = new Int32Array(tokens.length).fill(-1);
    const open: number[] = [];
    tokens.forEach((token, index) => {
      if (token.kind !== 'punctuation') return;
      if (token.text === '(') open.push(index);
      if (token.text === ')') {
        const start = open.pop();
        if (start !== undefined) (pairs as Int32Array)[start] = index;
      }
    });
    pairCache.set(tokens, pairs);
  }
  return pairs;
}

// Past the `*/` that closes the comment opened at `open`. Comments nest, as in DuckDB: `/* a /* b */ c */`
// is one comment.
function blockCommentEnd(sql: string, open: number): number {
  let depth = 0;
  let index = open + 2;
  while (index < sql.length) {
    if (sql[index] === '/' && sql[index + 1] === '*') {
      depth += 1;
      index += 2;
    } else if (sql[index] === '*') {
      let stars = index;
      while (sql[stars] === '*') stars += 1;
      if (sql[stars] === '/') {
        if (depth === 0) return stars + 1;
        depth -= 1;
        stars += 1;
      }
      index = stars;
    } else {
      index += 1;
    }
  }
  return sql.length;
}

// Reads a string whose opening quote is at `quote`: `''` is a quote, `\` escapes the next character in an
// E'...' string, and a string continued on a later line (`'a'` newline `'b'`) is one string.
function readString(
  sql: string,
  quote: number,
  backslashEscapes: boolean,
): { end: number; value: string } {
  let value = '';
  let index = quote + 1;
  while (index < sql.length) {
    const character = sql[index] as string;
    if (backslashEscapes && character === '\\') {
      value += sql.slice(index, index + 2);
      index += 2;
    } else if (character !== "'") {
      value += character;
      index += 1;
    } else if (sql[index + 1] === "'") {
      value += "'";
      index += 2;
    } else {
      const continued = matchEnd(stringContinuation, sql, index + 1);
      if (continued === -1) return { end: index + 1, value };
      index = continued;
    }
  }
  return { end: sql.length, value };
}

// B'0101' and X'1F': no escapes at all, the first quote ends them (a later line may continue them).
function readBitString(sql: string, quote: number): { end: number; value: string } {
  let value = '';
  let index = quote + 1;
  while (index < sql.length) {
    const close = sql.indexOf("'", index);
    if (close === -1) break;
    value += sql.slice(index, close);
    const continued = matchEnd(stringContinuation, sql, close + 1);
    if (continued === -1) return { end: close + 1, value };
    index = continued;
  }
  return { end: sql.length, value: value + sql.slice(index) };
}

function quotedIdentifierEnd(sql: string, open: number): number {
  let index = open + 1;
  while (index < sql.length) {
    if (sql[index] !== '"') index += 1;
    else if (sql[index + 1] === '"') index += 2;
    else return index + 1;
  }
  return sql.length;
}

function unquoteIdentifier(quoted: string): string {
  const body = quoted.length > 1 && quoted.endsWith('"') ? quoted.slice(1, -1) : quoted.slice(1);
  return body.split('""').join('"');
}

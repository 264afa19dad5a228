// A small SQL lexer (DuckDB / PostgreSQL flavoured). It exists so that keywords inside string literals,
// quoted identifiers and comments never count when SQL is described or checked for writes.

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

const wordStart = /[A-Za-z_\u0080-\uFFFF]/;
const wordPart = /[A-Za-z0-9_$\u0080-\uFFFF]/;
const wordRest = /[A-Za-z0-9_$\u0080-\uFFFF]*/y;
const whitespace = /\s+/y;
const digit = /[0-9]/;
const punctuation = new Set(['(', ')', ',', ';', '.', '[', ']', '{', '}']);
const operatorCharacters = new Set([...'+-*/<>=!~^&|%@#:?']);

/**
 * Splits SQL into tokens, dropping whitespace and comments (`-- ...` and non-nested `/* ... *\/`).
 * Unterminated strings and comments run to the end of the input rather than failing.
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  const length = sql.length;
  let index = 0;
  const push = (kind: SqlTokenKind, start: number, end: number, value?: string): void => {
    const text = sql.slice(start, end);
    tokens.push({ kind, text, value: value ?? text, start, end });
  };
  while (index < length) {
    const character = sql[index] as string;
    const next = sql[index + 1];
    if (character === ' ' || character === '\n' || character === '\t' || /\s/.test(character)) {
      whitespace.lastIndex = index;
      whitespace.test(sql);
      index = Math.max(index + 1, whitespace.lastIndex);
    } else if (character === '-' && next === '-') {
      const newline = sql.indexOf('\n', index);
      index = newline === -1 ? length : newline + 1;
    } else if (character === '/' && next === '*') {
      // Not nested on purpose: seeing too much SQL is the safe mistake for a read-only check.
      const close = sql.indexOf('*/', index + 2);
      index = close === -1 ? length : close + 2;
    } else if (character === "'") {
      const end = quotedEnd(sql, index, "'", false);
      push('string', index, end, unquote(sql.slice(index, end), "'"));
      index = end;
    } else if ((character === 'E' || character === 'e') && next === "'") {
      const end = quotedEnd(sql, index + 1, "'", true);
      push('string', index, end, unquote(sql.slice(index + 1, end), "'"));
      index = end;
    } else if (character === '"' || character === '`') {
      const end = quotedEnd(sql, index, character, false);
      push('quoted-identifier', index, end, unquote(sql.slice(index, end), character));
      index = end;
    } else if (character === '$' && dollarTag(sql, index) !== undefined) {
      const tag = dollarTag(sql, index) as string;
      const close = sql.indexOf(tag, index + tag.length);
      const end = close === -1 ? length : close + tag.length;
      push('string', index, end, sql.slice(index + tag.length, close === -1 ? length : close));
      index = end;
    } else if (character === '$' && next !== undefined && wordPart.test(next)) {
      let end = index + 1;
      while (end < length && wordPart.test(sql[end] as string)) end += 1;
      push('parameter', index, end);
      index = end;
    } else if (
      digit.test(character) ||
      (character === '.' && next !== undefined && digit.test(next))
    ) {
      const end = numberEnd(sql, index);
      push('number', index, end);
      index = end;
    } else if (wordStart.test(character)) {
      wordRest.lastIndex = index + 1;
      wordRest.test(sql);
      const end = wordRest.lastIndex;
      push('word', index, end, sql.slice(index, end).toUpperCase());
      index = end;
    } else if (punctuation.has(character)) {
      push('punctuation', index, index + 1);
      index += 1;
    } else if (operatorCharacters.has(character)) {
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

function quotedEnd(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let index = open + 1;
  while (index < sql.length) {
    const character = sql[index];
    if (backslashEscapes && character === '\\') {
      index += 2;
    } else if (character === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else {
      index += 1;
    }
  }
  return sql.length;
}

function unquote(quoted: string, quote: string): string {
  const body = quoted.endsWith(quote) && quoted.length > 1 ? quoted.slice(1, -1) : quoted.slice(1);
  return body.split(quote + quote).join(quote);
}

function dollarTag(sql: string, index: number): string | undefined {
  const match = /^\$(?:[A-Za-z_][A-Za-z0-9_]{0,63})?\$/.exec(sql.slice(index, index + 66));
  return match?.[0];
}

function numberEnd(sql: string, start: number): number {
  const match = /^(?:0[xX][0-9A-Fa-f_]+|[0-9_]*\.?[0-9_]+(?:[eE][+-]?[0-9]+)?|[0-9_]+\.)/.exec(
    sql.slice(start, start + 400),
  );
  return start + Math.max(1, match?.[0].length ?? 1);
}

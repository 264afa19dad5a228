// Generates SQL that tries to hide a second statement or a write from a reader that disagrees with
// DuckDB about where comments, strings and statements end. Deterministic: the same seed, the same inputs.
import { seededRandom } from '../seeded-random';

/** Every character sequence that ends a line somewhere (DuckDB ends `--` comments only at \n and \r). */
export const lineTerminators = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\v', '\f', '\u0085', ''];

/** Statements that read. */
export const reads = [
  'SELECT 1',
  'SELECT name FROM airports',
  'FROM airports',
  'WITH a AS (SELECT 1 AS x) SELECT x FROM a',
  'EXPLAIN SELECT 1',
  'DESCRIBE airports',
  'SUMMARIZE airports',
  'VALUES (1)',
  'TABLE airports',
  'SHOW TABLES',
];

/** Statements that change data, schema or settings. */
export const writes = [
  "UPDATE airports SET name = 'x'",
  'DROP TABLE airports',
  'CREATE TABLE stolen AS SELECT 1 AS x',
  'CREATE MACRO leak(a) AS a',
  "INSERT INTO airports VALUES ('y')",
  'DELETE FROM airports',
  "COPY airports TO 'out.csv'",
  "ATTACH ':memory:' AS other",
  'SET threads = 1',
  'PRAGMA enable_profiling',
  'CALL pragma_version()',
  'ALTER TABLE airports RENAME TO gone',
  'CREATE VIEW seen AS SELECT 1',
  'CHECKPOINT',
  'BEGIN TRANSACTION',
];

/** Calls that reach beyond the tables: the engine's secrets, settings and variables, SQL as text, files. */
export const callsBeyondTheTables = [
  "getvariable('x')",
  "current_setting('threads')",
  '(SELECT count(*) FROM duckdb_secrets())',
  '(SELECT count(*) FROM duckdb_settings())',
  "(SELECT count(*) FROM query('SELECT 1'))",
  "(SELECT count(*) FROM query_table('airports'))",
  "(SELECT count(*) FROM read_text('x.txt'))",
  "(SELECT count(*) FROM read_blob('x.txt'))",
  "(SELECT count(*) FROM glob('*'))",
  "(SELECT count(*) FROM sniff_csv('x.csv'))",
  '(SELECT count(*) FROM pg_settings)',
  '"GetVariable"(\'x\')',
];

/** Statement separators. */
export const separators = [';', ';;', ' ; ', ';\n;'];

/** Openers and closers of comments, strings and quoted names, in every form DuckDB knows (and some it does not). */
export const hiders = [
  '--',
  '-- x',
  '--x;',
  '/*',
  '*/',
  '/* a /*',
  '/* a */',
  '/**/',
  '/*/',
  '**/',
  "'",
  "''",
  "'\\'",
  "E'",
  "e'\\'",
  "E'\\\\'",
  "E'a'",
  "B'",
  "X'",
  "N'",
  "U&'",
  '"',
  '""',
  'U&"',
  '`',
  '$$',
  '$t$',
  '$T$',
  '$é$',
  '$1$t$',
  'a$t$',
  '1$t$',
  '\\',
  '+--',
  '*/*',
  ' ',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u200b',
  '$\u00a0$',
  '$_\u00a0$',
];

/**
 * Pairs that open and close something a reader must agree on: a separator and a write put between them
 * are hidden from DuckDB, or not, depending on how each form ends. `{T}` stands for a line terminator.
 */
export const wrappers: [open: string, close: string][] = [
  ['--x{T}', ''],
  ['-- ;{T}', ''],
  ['/* a {T}', ' */'],
  ['/* a /* b */{T}', ' */'],
  ['/* a */{T}', ''],
  ['/*/{T}', '*/'],
  ['/**{T}', '**/'],
  ["'a{T}", "'"],
  ["'\\'{T}", " --'"],
  ["'it''s{T}", "'"],
  ["E'\\'{T}", " --'"],
  ["e'\\\\'{T}", " --'"],
  ["E'a'{T}'\\'", " --'"],
  ["'a'{T}'b", "'"],
  ["'a' --c{T}'b", "'"],
  ["B'01'{T}'", "'"],
  ["X'1f'{T}'", "'"],
  ["N'a{T}", "'"],
  ['$$a{T}', '$$'],
  ['$t$a{T}', '$t$'],
  ['$t$ $T$ {T}', ' $t$'],
  ['$é${T}', '$é$'],
  ['"a{T}', '"'],
  ['"a""{T}', '"'],
  ['`a{T}', '`'],
  ['`a{T}', ' --`'],
  ["'\u00a0{T}", "'"],
  ['$a\u00a0${T}', '$a\u00a0$'],
  ['--\u00a0{T}', ''],
  ['$_x\u00a0${T}', '$_x\u00a0$'],
  ['\u00a0$t${T}', '$t$'],
];

/** Generates `count` inputs: every hider with every line terminator, then random mixtures. */
export function generateSqlInputs(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const inputs = new Set<string>();
  // One hider opened, a line ended, a separator and a write, the hider closed again: each pairing once.
  for (const hider of hiders) {
    for (const terminator of lineTerminators) {
      inputs.add(
        `${pick(reads)} ${hider}x${terminator}${pick(separators)} ${pick(writes)} ${pick([hider, '', '--', "'"])}`,
      );
    }
  }
  // Balanced hiders: the read is a select list that a string or name may follow.
  for (const [open, close] of wrappers) {
    for (const terminator of lineTerminators) {
      for (let repeat = 0; repeat < 4; repeat += 1) {
        const write = pick(writes);
        const separator = pick(separators);
        const fill = (text: string) => text.replaceAll('{T}', terminator);
        inputs.add(`SELECT 1 AS a, ${fill(open)}${separator} ${write}${fill(close)}`);
        inputs.add(`SELECT 1 AS a ${fill(open)}${separator} ${write}${fill(close)}`);
      }
    }
  }
  const pieces = (): string => {
    switch (Math.floor(random() * 6)) {
      case 0:
        return pick(hiders);
      case 1:
        return pick(lineTerminators);
      case 2:
        return pick(separators);
      case 3:
        return ` ${pick(writes)} `;
      case 4:
        return ` ${pick(['1', 'x', 'name', "'a'", '(', ')', ',', 'AS', '+'])} `;
      default:
        return pick(hiders) + pick(lineTerminators);
    }
  };
  while (inputs.size < count) {
    let sql = pick(reads);
    const length = 1 + Math.floor(random() * 7);
    for (let index = 0; index < length; index += 1) sql += pieces();
    inputs.add(sql);
  }
  return [...inputs];
}

/**
 * Generates `count` single queries that may hide a call beyond the tables from a reader that disagrees
 * with DuckDB about where comments, strings and quoted names end.
 */
export function generateHiddenCalls(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const inputs = new Set<string>();
  // Each call after a comment that DuckDB ends at some line terminators and not at others.
  for (const call of callsBeyondTheTables) {
    for (const terminator of lineTerminators) {
      inputs.add(`SELECT 1 AS a --x${terminator}, ${call}`);
      inputs.add(`SELECT 1 AS a /* x${terminator} */, ${call}`);
    }
  }
  for (const [open, close] of wrappers) {
    for (const terminator of lineTerminators) {
      const fill = (text: string) => text.replaceAll('{T}', terminator);
      inputs.add(`SELECT 1 AS a ${fill(open)}, ${pick(callsBeyondTheTables)}${fill(close)}`);
      inputs.add(`SELECT 1 AS a, ${fill(open)} ${pick(callsBeyondTheTables)}${fill(close)}`);
    }
  }
  for (const hider of hiders) {
    for (const terminator of lineTerminators) {
      inputs.add(`SELECT 1 AS a ${hider}x${terminator}, ${pick(callsBeyondTheTables)}`);
    }
  }
  while (inputs.size < count) {
    let sql = 'SELECT 1 AS a';
    const length = 1 + Math.floor(random() * 5);
    for (let index = 0; index < length; index += 1) {
      sql += pick([pick(hiders), pick(lineTerminators), ', ', ` ${pick(callsBeyondTheTables)} `]);
    }
    inputs.add(sql);
  }
  return [...inputs];
}

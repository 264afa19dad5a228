// A short label for a statement that changes data or state: its verb, the kind of object and the target,
// never the values (a `SET s3_secret_access_key = '...'` must not show the key).
import { isToken } from './sql-tokens';
import type { SqlToken } from './sql-tokens';

// Words between the verb and the target that belong in the label.
const objectWords = new Set(
  (
    'OR REPLACE IGNORE TEMP TEMPORARY PERSISTENT UNIQUE IF NOT EXISTS INTO FROM TABLE VIEW SCHEMA ' +
    'SECRET MACRO FUNCTION INDEX SEQUENCE TYPE DATABASE MATERIALIZED ONLY GLOBAL SESSION LOCAL ' +
    'VARIABLE INSTALL CHECKPOINT EXTENSION TRANSACTION WORK OVERWRITE'
  ).split(' '),
);

const maximumWords = 8;

/**
 * Labels a modifying statement, e.g. `INSERT INTO archive`, `DROP TABLE IF EXISTS quakes`,
 * `SET s3_region`, `COPY quakes TO out`. `verbIndex` is where the statement's verb is.
 */
export function describeModification(statement: readonly SqlToken[], verbIndex: number): string {
  const verb = statement[verbIndex];
  if (verb === undefined) return 'SQL';
  const words = [verb.kind === 'word' ? verb.value : verb.text];
  let index = verbIndex + 1;
  while (words.length < maximumWords) {
    const token = statement[index];
    if (token?.kind !== 'word' || !objectWords.has(token.value)) break;
    words.push(token.value);
    index += 1;
  }
  const target = readTarget(statement, index);
  if (target !== undefined) words.push(target);
  if (words[0] === 'COPY' || words[0] === 'EXPORT') {
    const destination = copyDestination(statement);
    if (destination !== undefined) words.push(destination);
  }
  return words.join(' ');
}

function readTarget(statement: readonly SqlToken[], start: number): string | undefined {
  const first = statement[start];
  if (first === undefined) return undefined;
  if (first.kind === 'string') return first.value;
  if (first.kind !== 'word' && first.kind !== 'quoted-identifier') return undefined;
  const parts = [first.kind === 'word' ? first.text : first.value];
  let index = start + 1;
  while (isToken(statement[index], '.')) {
    const part = statement[index + 1];
    if (part === undefined || (part.kind !== 'word' && part.kind !== 'quoted-identifier')) break;
    parts.push(part.kind === 'word' ? part.text : part.value);
    index += 2;
  }
  return parts.join('.');
}

// `COPY ... TO 'file'` and `COPY t FROM 'file'` at the statement's own level.
function copyDestination(statement: readonly SqlToken[]): string | undefined {
  let depth = 0;
  for (let index = 0; index < statement.length; index += 1) {
    const token = statement[index] as SqlToken;
    if (isToken(token, '(')) depth += 1;
    if (isToken(token, ')')) depth -= 1;
    const path = statement[index + 1];
    if (
      depth === 0 &&
      (isToken(token, 'TO') || isToken(token, 'FROM')) &&
      path?.kind === 'string'
    ) {
      return `${token.value} ${path.value}`;
    }
  }
  return undefined;
}

// Masks secrets in SQL for display, one token at a time: a string literal is masked inside its quotes, a
// comment inside its delimiters, a value after `password =` or `SECRET` as a whole. A mask therefore never
// joins or splits tokens, so the SQL shown has the same statements and verbs as the SQL that runs.
import { tokenizeSql, type SqlToken } from '../../sql/sql-tokens';
import { PLACEHOLDERS_ONLY, REDACTED, redactSecrets } from './redact-text';
import { isSecretKeyName } from './secret-key-name';

// Operators between a secret's name and its value: `password = 'x'`, `password := 'x'`, `token => 'x'`.
const assignments = new Set(['=', ':', ':=', '=>']);
// Words that stand where a value would and hide nothing.
const plainWords = new Set(['NULL', 'TRUE', 'FALSE', 'DEFAULT']);
// Comment delimiters and line breaks are kept verbatim, and the text between them is redacted apart.
const commentSeparators = /(\/\*|\*\/|\r\n|[\n\r\v\f\u2028\u2029])/;

/** SQL with secrets masked for display; the statements and their verbs stay as they were. */
export function redactSql(sql: string): string {
  const tokens = tokenizeSql(sql);
  let result = '';
  let position = 0;
  tokens.forEach((token, index) => {
    result += redactGap(sql.slice(position, token.start));
    result += redactToken(tokens, index);
    position = token.end;
  });
  return result + redactGap(sql.slice(position));
}

/** Whitespace and comments between tokens. */
function redactGap(gap: string): string {
  if (gap.trim() === '') return gap;
  return gap
    .split(commentSeparators)
    .map((part, index) => (index % 2 === 1 ? part : redactSecrets(part)))
    .join('');
}

function isName(token: SqlToken | undefined): token is SqlToken {
  return token !== undefined && (token.kind === 'word' || token.kind === 'quoted-identifier');
}

/** True when the token is the value of a secret: `password = <token>`, `SECRET '<token>'`. */
function isSecretValue(tokens: readonly SqlToken[], index: number): boolean {
  const token = tokens[index] as SqlToken;
  if (token.kind === 'word' && plainWords.has(token.value)) return false;
  if (token.kind !== 'string' && token.kind !== 'word' && token.kind !== 'number') return false;
  const previous = tokens[index - 1];
  const beforePrevious = tokens[index - 2];
  if (token.kind === 'string' && isName(previous) && isSecretKeyName(previous.value)) return true;
  const assigned =
    previous !== undefined &&
    ((previous.kind === 'operator' && assignments.has(previous.text)) ||
      (previous.kind === 'word' && previous.value === 'TO'));
  return assigned && isName(beforePrevious) && isSecretKeyName(beforePrevious.value);
}

function quote(text: string, mark: string): string {
  return `${mark}${text.split(mark).join(mark + mark)}${mark}`;
}

function redactToken(tokens: readonly SqlToken[], index: number): string {
  const token = tokens[index] as SqlToken;
  if (isSecretValue(tokens, index)) {
    if (token.kind !== 'string') return REDACTED;
    const hidesNothing = token.value.replace(PLACEHOLDERS_ONLY, '').trim() === '';
    return hidesNothing ? token.text : quote(REDACTED, "'");
  }
  if (token.kind === 'string' || token.kind === 'quoted-identifier') {
    const masked = redactSecrets(token.value);
    if (masked === token.value) return token.text;
    return quote(masked, token.kind === 'string' ? "'" : '"');
  }
  if (token.text.length >= 8 && (token.kind === 'word' || token.kind === 'number')) {
    return redactSecrets(token.text);
  }
  return token.text;
}

// Masks credentials in free text: approval cards, tool logs, errors, exports. Every pattern is bounded or
// anchored on a literal so that a megabyte of hostile text stays linear. A mask never reaches past a line
// terminator (\n, \r, \v, \f, U+2028, U+2029, or their JSON escapes): what follows one stays visible, so
// masking cannot hide a second statement after a line break.
import { maskPrivateKeys } from './mask-private-keys';
import { isSecretKeyName, nameWords } from './secret-key-name';
import { SECRET_TOKEN_SHAPES } from './secret-token-shapes';

/** What a masked credential is replaced with. */
export const REDACTED = '[REDACTED]';

type Replacer = (match: string, ...groups: string[]) => string;

interface RedactionRule {
  /** The rule is skipped for text without this: most rules need a literal that most text lacks. */
  needs: RegExp;
  pattern: RegExp;
  replace: Replacer;
}

// Line terminators, raw, and the escapes JSON and C-like strings write them as (`\n`, `\u2028`).
const lineBreak = String.raw`\n\r\v\f\u2028\u2029`;
const escapedCharacter = String.raw`\\[^${lineBreak}nrvfu]`;
// A quoted value ends at its closing quote, or just before a line break where it stops being masked.
const quotedValue =
  String.raw`"(?:[^"\\${lineBreak}]|${escapedCharacter}){0,4096}"?` +
  String.raw`|'(?:[^'\\${lineBreak}]|${escapedCharacter}|''){0,4096}'?` +
  String.raw`|\\"[^"\\${lineBreak}]{0,4096}(?:\\")?`;
const bareValue = String.raw`[^\s,;&"'<>(){}\[\]\\]{1,4096}`;
const sqlString = String.raw`'(?:[^'${lineBreak}]|''){0,4096}'?`;

/** True for values that look like a credential rather than a word of prose (`hunter2`, not `required`). */
function looksLikeCredential(value: string): boolean {
  return (
    /[0-9]/.test(value) ||
    (/[A-Z]/.test(value.slice(1)) && /[a-z]/.test(value)) ||
    /[_+/=-]/.test(value) ||
    value.length >= 16
  );
}

/** The opening and closing quote of a quoted value (the closing one is empty when a line break cut it). */
function quotesOf(value: string): { open: string; close: string } {
  const open = value.startsWith('\\"') ? '\\"' : /^["']/.test(value) ? value.charAt(0) : '';
  if (open === '') return { open, close: '' };
  const closed = value.length >= open.length * 2 && value.endsWith(open);
  return { open, close: closed ? open : '' };
}

function maskKeepingQuotes(value: string): string {
  const { open, close } = quotesOf(value);
  return `${open}${REDACTED}${close}`;
}

// Quoted values under ordinary keys may themselves hold `key=value` text (a JSON result whose "note" is
// "password: hunter2"): they are redacted inside, one level of nesting at a time.
let nesting = 0;
const maximumNesting = 3;

function redactInsideQuotes(value: string): string {
  const { open, close } = quotesOf(value);
  if (open === '' || nesting >= maximumNesting) return value;
  const inner = value.slice(open.length, value.length - close.length);
  nesting += 1;
  try {
    return `${open}${redactText(inner)}${close}`;
  } finally {
    nesting -= 1;
  }
}

const literalValues = new Set(['null', 'true', 'false', 'none', 'undefined', '""', "''"]);
// Words that stand where a value would in prose or a schema (`password: required`), not credentials.
const placeholderWords = new Set([
  'required',
  'optional',
  'string',
  'text',
  'boolean',
  'number',
  'integer',
  'object',
  'array',
  'hidden',
  'masked',
  'redacted',
  'unset',
  'empty',
  'yes',
  'no',
  'see',
]);

/** `password: hunter` on its own: a YAML or `key: value` line whose whole value is one plain word. */
function isWholeValueWord(value: string, end: string | undefined): boolean {
  return (
    end !== undefined &&
    /^[A-Za-z]{3,64}$/.test(value) &&
    !placeholderWords.has(value.toLowerCase())
  );
}

// `api_key=...`, `"password": "..."`, `X-API-Key: ...`, `Password=...;`, `--token=...`, `clientSecret: ...`,
// `PGPASSWORD=...`, `password: hunter`.
const keyValue: Replacer = (match, quote = '', key = '', separator = '', value = '', end) => {
  const prefix = `${quote}${key}${quote}${separator}`;
  if (!isSecretKeyName(key) || nameWords(key).at(-1) === 'authorization') {
    return `${prefix}${redactInsideQuotes(value)}`;
  }
  if (value.includes(REDACTED) || literalValues.has(value.toLowerCase())) return match;
  const quoted = quote !== '' || /^\\?["']/.test(value);
  if (
    separator.includes(':') &&
    !quoted &&
    !looksLikeCredential(value) &&
    !isWholeValueWord(value, end)
  ) {
    return match;
  }
  return `${prefix}${maskKeepingQuotes(value)}`;
};

const authorizationHeader: Replacer = (
  match,
  name = '',
  separator = '',
  scheme,
  space,
  value = '',
) => {
  if (value.startsWith(REDACTED)) return match;
  if (scheme !== undefined) return `${name}${separator}${scheme}${space ?? ''}${REDACTED}`;
  const token = /^[^\s,;]+/.exec(value)?.[0] ?? '';
  if (!looksLikeCredential(token)) return match;
  return `${name}${separator}${REDACTED}${value.slice(token.length)}`;
};

const rules: RedactionRule[] = [
  {
    // Authorization: Bearer ..., Proxy-Authorization: Basic ..., "Authorization": "AWS4-HMAC-SHA256 ..."
    needs: /authorization/i,
    pattern: new RegExp(
      String.raw`\b((?:Proxy-)?Authorization)(\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(?:(Bearer|Basic|Token|Digest|Negotiate|NTLM|Bot|AWS4-HMAC-SHA256)([ \t]{1,8}))?([^${lineBreak}"'\\]{1,4096})`,
      'gi',
    ),
    replace: authorizationHeader,
  },
  {
    needs: /Bearer/,
    pattern: /\b(Bearer)([ \t]{1,8})([A-Za-z0-9._~+/=-]{8,4096})/g,
    replace: (match, scheme = '', space = '', token = '') =>
      looksLikeCredential(token) ? `${scheme}${space}${REDACTED}` : match,
  },
  {
    // postgres://user:password@host, https://user:token@host
    needs: /:\/\//,
    pattern: /\b([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)([^\s:/@?#]{0,256}):([^\s/?#]{1,256})@/g,
    replace: (_match, scheme = '', user = '') => `${scheme}${user}:${REDACTED}@`,
  },
  {
    // DuckDB CREATE SECRET (TYPE s3, KEY_ID '...', SECRET '...', SESSION_TOKEN '...')
    needs: /'/,
    pattern: new RegExp(String.raw`\b([A-Za-z_][A-Za-z0-9_]{0,63})([ \t]{1,8})(${sqlString})`, 'g'),
    replace: (_match, key = '', space = '', value = '') =>
      isSecretKeyName(key) && value !== "''"
        ? `${key}${space}${maskKeepingQuotes(value)}`
        : `${key}${space}${redactInsideQuotes(value)}`,
  },
  {
    // SET s3_secret_access_key TO '...' (the `=` form is also caught by the key=value rule below)
    needs: /\bSET\b/i,
    pattern: new RegExp(
      String.raw`\b(SET[ \t]{1,8}(?:(?:GLOBAL|SESSION|LOCAL|VARIABLE)[ \t]{1,8})?)([A-Za-z_][A-Za-z0-9_.]{0,63})([ \t]{0,8}(?:=|\bTO\b)[ \t]{0,8})(${sqlString}|[^\s;,]{1,4096})`,
      'gi',
    ),
    replace: (_match, set = '', name = '', separator = '', value = '') =>
      isSecretKeyName(name) && !value.includes(REDACTED)
        ? `${set}${name}${separator}${maskKeepingQuotes(value)}`
        : `${set}${name}${separator}${redactInsideQuotes(value)}`,
  },
  {
    // Signed URLs: ?X-Amz-Signature=..., &X-Amz-Credential=..., &sig=..., ?key=..., &token=...
    needs: /[?&]/,
    pattern: /([?&])((?:amp;)?)([A-Za-z0-9_.-]{1,64})=([^&#\s"'<>\\]{1,4096})/g,
    replace: (match, separator = '', entity = '', name = '', value = '') =>
      (name.toLowerCase() === 'key' || isSecretKeyName(name)) && !value.includes(REDACTED)
        ? `${separator}${entity}${name}=${REDACTED}`
        : match,
  },
  {
    // ADO-style connection strings, where a password may hold spaces: Server=x;Password=p@ss w0rd;
    // Only between semicolons, so that a command line's `--token=x --verbose` keeps its last flag.
    needs: /;/,
    pattern: new RegExp(
      String.raw`(^|[;"'])([ \t]{0,8}[A-Za-z][A-Za-z0-9_]{0,31}(?: [A-Za-z0-9_]{1,32}){0,3}[ \t]{0,8}=[ \t]{0,8})([^;${lineBreak}"'\s][^;${lineBreak}"']{0,4095})(?=(;?))`,
      'g',
    ),
    replace: (match, start = '', key = '', value = '', end = '') =>
      (start === ';' || end === ';') &&
      isSecretKeyName(key.replace(/=.*$/, '')) &&
      !value.includes(REDACTED)
        ? `${start}${key}${REDACTED}`
        : match,
  },
  {
    needs: /[:=]/,
    pattern: new RegExp(
      String.raw`(?<![A-Za-z0-9_.-])(\\?["']?)(-{0,2}[A-Za-z][A-Za-z0-9_.-]{0,63})\1([ \t]{0,8}[:=][ \t]{0,8})(${quotedValue}|${bareValue})` +
        // What follows the value: set when the value ends its line or field (`password: hunter`).
        // A SQL block comment's `*/` ends it too (`/* password: hunter */`).
        String.raw`(?=[ \t]{0,8}([${lineBreak},;}\]]|\*\/|\\?["']|$)|)`,
      'g',
    ),
    replace: keyValue,
  },
];

const awsContext = /(?:AKIA|ASIA)[A-Z0-9]{16}|aws|secret|s3_|key_id/i;
const awsSecretKey = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

/** Masks credentials in free text, keeping key names visible: `api_key=[REDACTED]`. */
export function redactSecrets(text: string): string {
  // A data-credential placeholder names a credential and holds none (tools/credential-placeholders.ts):
  // it is kept as written, and the text around it is redacted as usual.
  if (!text.includes('{{secret:')) return redactText(text);
  return text
    .split(credentialPlaceholders)
    .map((part, index) => (index % 2 === 1 ? keepPlaceholder(part) : redactText(part)))
    .join('');
}

/** The placeholder as written, unless its name itself looks like a secret (an access key id...). */
function keepPlaceholder(placeholder: string): string {
  const name = placeholder.slice('{{secret:'.length, -'}}'.length);
  return redactText(name) === name ? placeholder : `{{secret:${REDACTED}}}`;
}

/** Matches `{{secret:NAME}}`, captured, for splitting text around placeholders. */
const credentialPlaceholders = /(\{\{secret:[A-Za-z_][A-Za-z0-9_]*\}\})/;

/** Matches text made only of placeholders and spaces, which hides nothing. */
export const PLACEHOLDERS_ONLY = /\{\{secret:[A-Za-z_][A-Za-z0-9_]*\}\}/g;

// A string literal of valid JSON text (which holds no other double quote outside its strings).
const jsonStringLiteral = /"(?:[^"\\]|\\.)*"/g;

/**
 * JSON text (a structured MCP result is shown as its JSON) has each string value redacted decoded, as the
 * text it stands for: there a `\n` is a real line break and a value ends where its string does, which the
 * rules below need to see a `-- password: hunter` comment end. The rules then run over the whole text as
 * well, for what only keys reveal (`"password":"hunter"`). Other text is returned as it is.
 */
function redactJsonStrings(text: string): string {
  if (nesting >= maximumNesting || !/^\s*[[{]/.test(text)) return text;
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  nesting += 1;
  try {
    return text.replace(jsonStringLiteral, (literal) => {
      const value = JSON.parse(literal) as string;
      const masked = redactSecrets(value);
      // JSON.stringify writes U+2028 and U+2029 raw: escaped, the line break stays visible on screen.
      return masked === value
        ? literal
        : JSON.stringify(masked).replace(/[\u2028\u2029]/g, (character) =>
            character === '\u2028' ? '\\u2028' : '\\u2029',
          );
    });
  } finally {
    nesting -= 1;
  }
}

function redactText(text: string): string {
  const nearAws = awsContext.test(text);
  let result = maskPrivateKeys(redactJsonStrings(text), REDACTED);
  for (const rule of rules) {
    if (rule.needs.test(result)) result = result.replace(rule.pattern, rule.replace);
  }
  for (const pattern of SECRET_TOKEN_SHAPES) {
    result = result.replace(pattern, (match) => (/[0-9]/.test(match) ? REDACTED : match));
  }
  // A bare 40-character AWS secret key looks like many other strings: mask it only near AWS words,
  // and never a lower-case hash (git and SHA-1 hashes are 40 hex characters).
  if (nearAws) {
    result = result.replace(awsSecretKey, (match) =>
      /[A-Z]/.test(match) && /[a-z]/.test(match) && /[0-9]/.test(match) ? REDACTED : match,
    );
  }
  return result;
}

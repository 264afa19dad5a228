// Masks credentials in everything shown or exported: approval cards, tool logs, errors, exports.
// Every pattern is bounded or anchored on a literal so that a megabyte of hostile text stays linear.
import { maskPrivateKeys } from './mask-private-keys';
import { isSecretKeyName, nameWords } from './secret-key-name';

/** What a masked credential is replaced with. */
export const REDACTED = '[REDACTED]';

type Replacer = (match: string, ...groups: string[]) => string;

interface RedactionRule {
  /** The rule is skipped for text without this: most rules need a literal that most text lacks. */
  needs: RegExp;
  pattern: RegExp;
  replace: Replacer;
}

const quotedValue = String.raw`"(?:[^"\\\n]|\\.){0,4096}"|'(?:[^'\\\n]|\\.|''){0,4096}'|\\"[^"\\\n]{0,4096}\\"`;
const bareValue = String.raw`[^\s,;&"'<>(){}\[\]\\]{1,4096}`;

/** True for values that look like a credential rather than a word of prose (`hunter2`, not `required`). */
function looksLikeCredential(value: string): boolean {
  return (
    /[0-9]/.test(value) ||
    (/[A-Z]/.test(value.slice(1)) && /[a-z]/.test(value)) ||
    /[_+/=-]/.test(value) ||
    value.length >= 16
  );
}

function maskKeepingQuotes(value: string): string {
  if (value.startsWith('\\"')) return `\\"${REDACTED}\\"`;
  const quote = value[0];
  if (quote === '"' || quote === "'") return `${quote}${REDACTED}${quote}`;
  return REDACTED;
}

const literalValues = new Set(['null', 'true', 'false', 'none', 'undefined', '""', "''"]);

// `api_key=...`, `"password": "..."`, `X-API-Key: ...`, `Password=...;`, `--token=...`, `clientSecret: ...`.
const keyValue: Replacer = (match, quote = '', key = '', separator = '', value = '') => {
  if (!isSecretKeyName(key) || nameWords(key).at(-1) === 'authorization') return match;
  if (value.includes(REDACTED) || literalValues.has(value.toLowerCase())) return match;
  const quoted = quote !== '' || /^\\?["']/.test(value);
  if (separator.includes(':') && !quoted && !looksLikeCredential(value)) return match;
  return `${quote}${key}${quote}${separator}${maskKeepingQuotes(value)}`;
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
    pattern:
      /\b((?:Proxy-)?Authorization)(\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(?:(Bearer|Basic|Token|Digest|Negotiate|NTLM|Bot|AWS4-HMAC-SHA256)([ \t]{1,8}))?([^\r\n"'\\]{1,4096})/gi,
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
    pattern: /\b([A-Za-z_][A-Za-z0-9_]{0,63})([ \t]{1,8})('(?:[^'\n]|''){0,4096}')/g,
    replace: (match, key = '', space = '', value = '') =>
      isSecretKeyName(key) && value !== "''" ? `${key}${space}'${REDACTED}'` : match,
  },
  {
    // SET s3_secret_access_key TO '...' (the `=` form is also caught by the key=value rule below)
    needs: /\bSET\b/i,
    pattern:
      /\b(SET[ \t]{1,8}(?:(?:GLOBAL|SESSION|LOCAL|VARIABLE)[ \t]{1,8})?)([A-Za-z_][A-Za-z0-9_.]{0,63})([ \t]{0,8}(?:=|\bTO\b)[ \t]{0,8})('(?:[^'\n]|''){0,4096}'|[^\s;,]{1,4096})/gi,
    replace: (match, set = '', name = '', separator = '', value = '') =>
      isSecretKeyName(name) && !value.includes(REDACTED)
        ? `${set}${name}${separator}${maskKeepingQuotes(value)}`
        : match,
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
    pattern:
      /(^|[;"'])([ \t]{0,8}[A-Za-z][A-Za-z0-9_]{0,31}(?: [A-Za-z0-9_]{1,32}){0,3}[ \t]{0,8}=[ \t]{0,8})([^;\r\n"'\s][^;\r\n"']{0,4095})(?=(;?))/g,
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
      String.raw`(?<![A-Za-z0-9_.-])(\\?["']?)(-{0,2}[A-Za-z][A-Za-z0-9_.-]{0,63})\1([ \t]{0,8}[:=][ \t]{0,8})(${quotedValue}|${bareValue})`,
      'g',
    ),
    replace: keyValue,
  },
];

// Tokens recognisable by their shape alone, wherever they appear.
const tokenPatterns: RegExp[] = [
  /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,4096}/g, // OpenAI, OpenAI project, Anthropic, OpenRouter
  /(?<![A-Za-z0-9])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,4096}/g, // Stripe
  /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/g, // Google
  /(?<![A-Za-z0-9])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}/g, // GitHub
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,255}/g, // GitHub fine-grained
  /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,255}/g, // GitLab
  /(?<![A-Za-z0-9])xox[baprs]-[A-Za-z0-9-]{10,255}/g, // Slack
  /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,255}/g, // Hugging Face
  /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36,255}/g, // npm
  /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|AROA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, // AWS key ids
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,8192}\.eyJ[A-Za-z0-9_-]{5,8192}\.[A-Za-z0-9_-]{0,8192}/g, // JWT
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

function redactText(text: string): string {
  const nearAws = awsContext.test(text);
  let result = maskPrivateKeys(text, REDACTED);
  for (const rule of rules) {
    if (rule.needs.test(result)) result = result.replace(rule.pattern, rule.replace);
  }
  for (const pattern of tokenPatterns) {
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

/**
 * Returns a deep copy of `args` with secrets masked: values under secret-looking keys (at any depth) are
 * replaced, and every string passes through `redactSecrets`.
 */
export function redactArguments<T>(args: T): T {
  return redactValue(args, new WeakMap()) as T;
}

function redactValue(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactValue(item, seen));
    return copy;
  }
  if (value instanceof Date) return new Date(value.getTime());
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretKeyName(key) && isMaskable(item) ? REDACTED : redactValue(item, seen);
  }
  return copy;
}

// Booleans, null, empty strings and credential placeholders hide nothing; everything else under a
// secret key is masked whole.
function isMaskable(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return false;
  if (typeof value === 'string' && value.replace(placeholdersOnly, '').trim() === '') return false;
  return value !== '';
}

const placeholdersOnly = /\{\{secret:[A-Za-z_][A-Za-z0-9_]*\}\}/g;

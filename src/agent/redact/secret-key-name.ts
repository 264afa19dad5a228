// Decides from a field's name alone whether its value is a credential, whatever the naming style:
// `apiKey`, `api-key`, `API_KEY`, `X-Api-Key`, `s3_secret_access_key`, `clientSecret`.

// A name whose last word is one of these holds a credential.
const secretLastWords = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'apikey',
  'credential',
  'credentials',
  'authorization',
  'auth',
  'oauth',
  'cookie',
  'signature',
  'sig',
  'privatekey',
  'secretkey',
  'accesskey',
]);

// `<word>_key` holds a credential for these words (`api_key`, `account_key`), unlike `sort_key`.
const secretKeyQualifiers = new Set([
  'api',
  'access',
  'secret',
  'private',
  'signing',
  'master',
  'account',
  'encryption',
  'client',
  'subscription',
  'shared',
  'storage',
  'service',
]);

// One glued word that ends in one of these holds a credential: `PGPASSWORD`, `GHTOKEN`, `APPSECRET`.
const gluedSecretEndings = ['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey'];

const mayBeSecretName = /pass|pwd|secret|token|key|credential|auth|cookie|sig/i;

/** Splits a field name into lower-case words across camel, snake, kebab and dotted styles. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** True when a field or parameter with this name holds a credential (`max_tokens` and `key` do not). */
export function isSecretKeyName(name: string): boolean {
  // Cheap screen first: redaction calls this for every `name=value` in a megabyte of text.
  if (name.length > 80 || !mayBeSecretName.test(name)) return false;
  const words = nameWords(name);
  const last = words[words.length - 1];
  const previous = words[words.length - 2];
  if (last === undefined) return false;
  if (secretLastWords.has(last)) return true;
  if (gluedSecretEndings.some((ending) => last.endsWith(ending))) return true;
  if (last === 'key') return previous !== undefined && secretKeyQualifiers.has(previous);
  // access_key_id, KEY_ID and private_key_id identify a key and are masked with it.
  return last === 'id' && previous === 'key';
}

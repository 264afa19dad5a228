import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/agent/redact/redact';

// Fake credentials in the shapes real ones have. Expected outputs are written by hand.
const masked: Array<{ name: string; input: string; expected: string }> = [
  {
    name: 'an AWS access key id and secret key in a credentials file',
    input:
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    expected: 'aws_access_key_id = [REDACTED]\naws_secret_access_key = [REDACTED]',
  },
  {
    name: 'a bare AWS key pair pasted in prose',
    input: 'keys AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    expected: 'keys [REDACTED] [REDACTED]',
  },
  {
    name: 'a temporary ASIA key id',
    input: 'using ASIAY34FZKBOKMUTVV7A for the session',
    expected: 'using [REDACTED] for the session',
  },
  {
    name: 'the fields of a DuckDB CREATE SECRET, but not its region',
    input:
      "CREATE SECRET s (TYPE s3, KEY_ID 'abc', SECRET 'def', SESSION_TOKEN 'ghi', REGION 'us-east-1')",
    expected:
      "CREATE SECRET s (TYPE s3, KEY_ID '[REDACTED]', SECRET '[REDACTED]', SESSION_TOKEN '[REDACTED]', REGION 'us-east-1')",
  },
  {
    name: 'SET s3_secret_access_key with =',
    input: "SET s3_secret_access_key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';",
    expected: "SET s3_secret_access_key = '[REDACTED]';",
  },
  {
    name: 'SET s3_session_token without spaces',
    input: "SET s3_session_token='FwoGZXIvYXdzEBY';",
    expected: "SET s3_session_token='[REDACTED]';",
  },
  {
    name: 'SET GLOBAL s3_access_key_id with TO',
    input: "SET GLOBAL s3_access_key_id TO 'AKIAIOSFODNN7EXAMPLE'",
    expected: "SET GLOBAL s3_access_key_id TO '[REDACTED]'",
  },
  {
    name: 'a Basic Authorization header in a curl command',
    input: 'curl -H "Authorization: Basic dXNlcjpwYXNz" https://api.example.com',
    expected: 'curl -H "Authorization: Basic [REDACTED]" https://api.example.com',
  },
  {
    name: 'a Bearer Authorization header in a JSON headers object',
    input: 'headers: {"Authorization": "Bearer eyJabc.def", "Accept": "json"}',
    expected: 'headers: {"Authorization": "Bearer [REDACTED]", "Accept": "json"}',
  },
  {
    name: 'a bare bearer token in a log line',
    input: 'sent Bearer 0a1b2c3d4e5f6a7b8c9d',
    expected: 'sent Bearer [REDACTED]',
  },
  {
    name: 'an X-API-Key header',
    input: 'X-API-Key: 9f8e7d6c5b4a',
    expected: 'X-API-Key: [REDACTED]',
  },
  {
    name: 'a lower-case x-api-key header with a long value',
    input: 'x-api-key: abcdefghijklmnop',
    expected: 'x-api-key: [REDACTED]',
  },
  {
    name: 'a kebab-case api key assignment',
    input: 'x-goog-api-key=AbC123',
    expected: 'x-goog-api-key=[REDACTED]',
  },
  { name: 'a camel-case apiKey in YAML', input: 'apiKey: "abc"', expected: 'apiKey: "[REDACTED]"' },
  {
    name: 'a snake-case client_secret',
    input: 'client_secret=s3cr3t',
    expected: 'client_secret=[REDACTED]',
  },
  {
    name: 'a kebab-case client-secret',
    input: 'client-secret=s3cr3t',
    expected: 'client-secret=[REDACTED]',
  },
  {
    name: 'a camel-case clientSecret',
    input: 'clientSecret=s3cr3t',
    expected: 'clientSecret=[REDACTED]',
  },
  { name: 'an upper-case API_KEY', input: 'API_KEY=abc123', expected: 'API_KEY=[REDACTED]' },
  {
    name: 'a --token flag, keeping the next flag',
    input: 'mapwright --token=abc123 --verbose',
    expected: 'mapwright --token=[REDACTED] --verbose',
  },
  { name: 'a password in YAML', input: 'password: hunter2', expected: 'password: [REDACTED]' },
  {
    name: 'JSON fields, leaving max_tokens alone',
    input: '{"password": "hunter2", "max_tokens": 100, "apiKey": "abc"}',
    expected: '{"password": "[REDACTED]", "max_tokens": 100, "apiKey": "[REDACTED]"}',
  },
  {
    name: 'JSON written inside a JSON string',
    input: '"{\\"access_token\\": \\"abc123\\"}"',
    expected: '"{\\"access_token\\": \\"[REDACTED]\\"}"',
  },
  {
    name: 'a SQL comparison against a password column keeps its quotes',
    input: "SELECT * FROM users WHERE password = 'it''s secret'",
    expected: "SELECT * FROM users WHERE password = '[REDACTED]'",
  },
  {
    name: 'a password in a postgres URL',
    input: 'postgres://bob:hunter2@db.example.com:5432/app',
    expected: 'postgres://bob:[REDACTED]@db.example.com:5432/app',
  },
  {
    name: 'a percent-encoded password in a mysql URL',
    input: 'mysql://root:p%40ss@127.0.0.1:3306/db',
    expected: 'mysql://root:[REDACTED]@127.0.0.1:3306/db',
  },
  {
    name: 'a token in an https URL',
    input: 'git clone https://user:tok3n@github.com/org/repo.git',
    expected: 'git clone https://user:[REDACTED]@github.com/org/repo.git',
  },
  {
    name: 'a libpq connection string',
    input: 'host=db port=5432 user=app password=s3cret dbname=maps',
    expected: 'host=db port=5432 user=app password=[REDACTED] dbname=maps',
  },
  {
    name: 'an ADO connection string whose password has a space',
    input: 'Data Source=srv;Initial Catalog=maps;User ID=app;Password=two words;',
    expected: 'Data Source=srv;Initial Catalog=maps;User ID=app;Password=[REDACTED];',
  },
  {
    name: 'an ADO Pwd field',
    input: 'Server=x;Uid=app;Pwd=p@ss;',
    expected: 'Server=x;Uid=app;Pwd=[REDACTED];',
  },
  {
    name: 'an S3 presigned URL keeps the algorithm and masks credential and signature',
    input:
      'https://bucket.s3.amazonaws.com/x.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F2024&X-Amz-Security-Token=IQoJb3&X-Amz-Signature=abcdef',
    expected:
      'https://bucket.s3.amazonaws.com/x.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[REDACTED]&X-Amz-Security-Token=[REDACTED]&X-Amz-Signature=[REDACTED]',
  },
  {
    name: 'a GCS signed URL',
    input:
      'https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p.iam&X-Goog-Signature=abc123',
    expected:
      'https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=[REDACTED]&X-Goog-Signature=[REDACTED]',
  },
  {
    name: 'an Azure SAS URL keeps its dates and masks sig',
    input:
      'https://acct.blob.core.windows.net/c/f.parquet?sv=2022-11-02&se=2024-01-01&sig=AbC%2Bdef%3D',
    expected:
      'https://acct.blob.core.windows.net/c/f.parquet?sv=2022-11-02&se=2024-01-01&sig=[REDACTED]',
  },
  {
    name: 'a key query parameter, keeping zoom',
    input: 'https://maps.example.com/api?key=AbC123xyz&zoom=3',
    expected: 'https://maps.example.com/api?key=[REDACTED]&zoom=3',
  },
  {
    name: 'a token query parameter',
    input: 'https://tiles.example.com/a.pbf?token=abc',
    expected: 'https://tiles.example.com/a.pbf?token=[REDACTED]',
  },
  {
    name: 'an OpenAI key',
    input: 'OPENAI=sk-abcdefghijklmnopqrstuvwxyz0123456789ABCD is set',
    expected: 'OPENAI=[REDACTED] is set',
  },
  {
    name: 'an OpenAI project key',
    input: 'key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
    expected: 'key [REDACTED]',
  },
  {
    name: 'an Anthropic key',
    input: 'use sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z-AA now',
    expected: 'use [REDACTED] now',
  },
  {
    name: 'an OpenRouter key',
    input: 'sk-or-v1-0123456789abcdef0123456789abcdef',
    expected: '[REDACTED]',
  },
  {
    name: 'a Google API key',
    input: 'google: AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
    expected: 'google: [REDACTED]',
  },
  {
    name: 'an Amazon Bedrock API key, long-term',
    input: 'bedrock: ABSKQmVkcm9ja0FQSUtleS1hYmNkLWF0LTEyMzQ1Njc4OTAxMjpxd2VydHk= ok',
    expected: 'bedrock: [REDACTED] ok',
  },
  {
    name: 'an Amazon Bedrock API key, short-term',
    input:
      'key bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1EYXRlPTIwMjYxMTI3&Version=1 end',
    expected: 'key [REDACTED] end',
  },
  {
    name: 'a GitHub classic token',
    input: 'token ghp_1234567890abcdefghijABCDEFGHIJ123456 here',
    expected: 'token [REDACTED] here',
  },
  {
    name: 'GitHub OAuth, user and server tokens',
    input:
      'gho_1234567890abcdefghijABCDEFGHIJ123456 ghu_1234567890abcdefghijABCDEFGHIJ123456 ghs_1234567890abcdefghijABCDEFGHIJ123456',
    expected: '[REDACTED] [REDACTED] [REDACTED]',
  },
  {
    name: 'a GitHub fine-grained token',
    input: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    expected: '[REDACTED]',
  },
  { name: 'a GitLab token', input: 'glpat-AbCdEfGhIj0123456789', expected: '[REDACTED]' },
  {
    name: 'a Slack bot token',
    input: 'slack xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    expected: 'slack [REDACTED]',
  },
  {
    name: 'a Hugging Face token',
    input: 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567',
    expected: '[REDACTED]',
  },
  {
    name: 'an npm token',
    input: 'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    expected: '[REDACTED]',
  },
  {
    name: 'Stripe secret, restricted and publishable live keys',
    input:
      'stripe sk_live_51AbCdEfGhIjKlMnOpQrStUv and rk_live_51AbCdEfGhIjKlMnOpQrStUv and pk_live_51AbCdEfGhIjKlMnOpQrStUv',
    expected: 'stripe [REDACTED] and [REDACTED] and [REDACTED]',
  },
  {
    name: 'a JWT',
    input:
      'jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
    expected: 'jwt [REDACTED] end',
  },
  {
    name: 'a whole PEM private key block',
    input:
      'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc+/=\n-----END RSA PRIVATE KEY-----\nafter',
    expected: 'key:\n[REDACTED]\nafter',
  },
  {
    name: 'a PEM private key inside a JSON string',
    input:
      '{"private_key_pem": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n-----END PRIVATE KEY-----\\n", "x": 1}',
    expected: '{"private_key_pem": "[REDACTED]\\n", "x": 1}',
  },
  {
    name: 'a PEM private key cut short',
    input: 'cut -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA',
    expected: 'cut [REDACTED]',
  },
  {
    name: 'several credentials in one error message',
    input:
      'fetch https://u:p4ss@h.example.com failed with api_key=abc123 and Bearer 0a1b2c3d4e5f6a7b',
    expected:
      'fetch https://u:[REDACTED]@h.example.com failed with api_key=[REDACTED] and Bearer [REDACTED]',
  },
  {
    name: 'a one-word PGPASSWORD variable before a command',
    input: 'PGPASSWORD=hunter2 psql -h db.internal',
    expected: 'PGPASSWORD=[REDACTED] psql -h db.internal',
  },
  {
    name: 'one-word *PASSWORD, *TOKEN and *SECRET variables in an env file',
    input: 'MYSQLPASSWORD=abc\nGHTOKEN=def\nAPPSECRET=ghi\nexport DB_TOKEN=jkl',
    expected:
      'MYSQLPASSWORD=[REDACTED]\nGHTOKEN=[REDACTED]\nAPPSECRET=[REDACTED]\nexport DB_TOKEN=[REDACTED]',
  },
  {
    name: 'a one-word password in YAML, on its own line',
    input: 'db:\n  user: ana\n  password: hunter\n  port: 5432',
    expected: 'db:\n  user: ana\n  password: [REDACTED]\n  port: 5432',
  },
  {
    name: 'a one-word secret at the end of the text and before a comma',
    input: 'secret: swordfish, token: banana',
    expected: 'secret: [REDACTED], token: [REDACTED]',
  },
  {
    name: 'a SendGrid key',
    input: 'SENDGRID 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 end',
    expected: 'SENDGRID [REDACTED] end',
  },
  {
    name: 'Shopify access, shared-secret, custom-app and partner tokens',
    input:
      'shpat_0123456789abcdef0123456789abcdef shpss_0123456789abcdef0123456789abcdef shpca_0123456789abcdef0123456789abcdef shppa_0123456789abcdef0123456789abcdef',
    expected: '[REDACTED] [REDACTED] [REDACTED] [REDACTED]',
  },
  {
    name: 'Slack app-level and user tokens',
    input: 'xapp-1-A0123456789-0123456789012-abcdef0123 xoxp-0123456789-abcdefABCDEF',
    expected: '[REDACTED] [REDACTED]',
  },
  {
    name: 'a Stripe webhook secret, a Google OAuth token and client secret',
    input:
      'whsec_AbCdEfGhIjKlMnOpQrStUv0123456789 ya29.a0AfH6SMBx0123456789abcdefghij GOCSPX-AbCdEfGhIj0123456789KlMn',
    expected: '[REDACTED] [REDACTED] [REDACTED]',
  },
  {
    name: 'a password inside a JSON value under an ordinary key',
    input: '{"note":"password: hunter2","env":"PGPASSWORD=abc123 psql","ok":"fine"}',
    expected: '{"note":"password: [REDACTED]","env":"PGPASSWORD=[REDACTED] psql","ok":"fine"}',
  },
  {
    name: 'a token in escaped quotes inside a JSON value',
    input: '{"config":"token=\\"abcdEF12\\" region=eu"}',
    expected: '{"config":"token=\\"[REDACTED]\\" region=eu"}',
  },
  {
    name: 'a SQL string in a JSON value',
    input: '{"sql":"SELECT * FROM users WHERE password = \'hunter2\'"}',
    expected: '{"sql":"SELECT * FROM users WHERE password = \'[REDACTED]\'"}',
  },
];

// A mask stops at a line terminator, raw or escaped: what follows it stays visible.
const lineBreaks: Array<{ name: string; input: string; expected: string }> = [
  ...['\n', '\r', '\v', '\f', '\u2028', '\u2029'].map((lineBreak) => ({
    name: `a quoted value cut by ${JSON.stringify(lineBreak)}`,
    input: `SELECT 1 -- password: 'x${lineBreak}UPDATE airports SET name = 'y' --'`,
    expected: `SELECT 1 -- password: '[REDACTED]${lineBreak}UPDATE airports SET name = 'y' --'`,
  })),
  ...['\\n', '\\r', '\\u2028', '\\f'].map((escape) => ({
    name: `a quoted value in JSON cut by the escape ${escape}`,
    input: `{"sql":"SELECT 1 -- password: 'x${escape}UPDATE airports SET name = 'y' --'"}`,
    expected: `{"sql":"SELECT 1 -- password: '[REDACTED]${escape}UPDATE airports SET name = 'y' --'"}`,
  })),
  {
    name: 'a double-quoted value cut by a carriage return',
    input: 'token: "abc\r; DROP TABLE airports; --"',
    expected: 'token: "[REDACTED]\r; DROP TABLE airports; --"',
  },
  {
    name: 'a CREATE SECRET value cut by a carriage return',
    input: "SECRET 'abc\r; UPDATE airports SET name = 'y'",
    expected: "SECRET '[REDACTED]\r; UPDATE airports SET name = 'y'",
  },
  {
    name: 'a forged private key header over SQL',
    input:
      "-- -----BEGIN PRIVATE KEY-----\nUPDATE airports SET name = 'x';\n-- -----END PRIVATE KEY-----",
    expected: "-- [REDACTED]\nUPDATE airports SET name = 'x';\n-- -----END PRIVATE KEY-----",
  },
];

// Text a person must see exactly as written.
const unchanged: Array<{ name: string; input: string }> = [
  {
    name: 'ordinary SQL',
    input:
      "SELECT place, mag FROM quakes WHERE mag > 5 AND type = 'earthquake' ORDER BY time DESC LIMIT 10",
  },
  {
    name: 'SQL over a public parquet URL',
    input: "SELECT * FROM read_parquet('https://data.example.org/warehouse/sales/2024/*.parquet')",
  },
  {
    name: 'a public URL with a query string',
    input: 'https://example.com/tiles/{z}/{x}/{y}.png?style=dark&lang=en',
  },
  {
    name: 'a public GeoJSON feed',
    input: 'https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_week.geojson',
  },
  { name: 'prose', input: 'The quick brown fox jumps over the lazy dog, twice.' },
  { name: 'prose about passwords', input: 'Please enter your password: required.' },
  { name: 'prose about secrets', input: 'The secret to good maps is contrast.' },
  { name: 'prose about bearer bonds', input: 'Bearer bonds and the Bearer instruments' },
  { name: 'prose about tokens', input: 'Token: optional. The model counted 1,024 tokens.' },
  { name: 'numbers', input: 'Population 8,336,817 in 2022; density 11,313/km² and 3.14159e10' },
  { name: 'a UUID', input: 'id 123e4567-e89b-12d3-a456-426614174000' },
  {
    name: 'a git hash next to the word aws',
    input: 'commit 3f786850e387550fdab836ed7e6dc881de23001b on aws',
  },
  {
    name: 'a SHA-256 hash',
    input: 'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  { name: 'model settings', input: 'max_tokens=1024, temperature=0.2, top_p=1' },
  { name: 'token counts in JSON', input: '{"token_count": 42, "tokens": 10, "prompt_tokens": 7}' },
  {
    name: 'a hyphenated phrase with sk- inside',
    input: 'risk-assessment-for-the-downtown-area-2024',
  },
  { name: 'a non-secret DuckDB setting', input: "SET s3_region = 'us-east-1'; SET threads = 4;" },
  { name: 'a password hint', input: 'password_hint=favourite colour' },
  { name: 'a URL with a user but no password', input: 'https://user@example.com/path' },
  { name: 'null and empty secret fields', input: '{"token": null, "password": ""}' },
  { name: 'an author field', input: 'author: Tolkien' },
  { name: 'a sort key and a primary key', input: 'sort_key=mag primary_key: id key=value' },
  { name: 'a host and port', input: 'connect to localhost:5432 or db.internal:6543' },
  { name: 'an email address', input: 'write to ana@example.com' },
  { name: 'the words AKIA and ASIA', input: 'ASIA is a continent; AKIA is not a word' },
  {
    name: 'a markdown table',
    input: '| city | mag |\n| --- | --- |\n| Lima | 5.1 |\n| Kobe | 6.9 |',
  },
  {
    name: 'a column named secret_name',
    input: 'CREATE TABLE t (secret_name VARCHAR, token_type VARCHAR)',
  },
  { name: 'an ISO timestamp', input: '2024-01-01T12:34:56Z and 12:00' },
  { name: 'a password prompt in prose', input: 'Password: see the vault. Token: optional' },
  { name: 'a schema that only names a password', input: 'password: required\ntoken: string' },
  { name: 'a secret told in a sentence', input: 'The secret: patience is key.' },
  { name: 'a path to a password file', input: 'PGPASSFILE=/home/ana/.pgpass password_file=x' },
  { name: 'words that contain token', input: 'tokenizer=fast tokens=12 max_tokens=512' },
  { name: 'SG and shpat_ as words', input: 'SG. is short for Singapore; shpat_ is a prefix' },
  { name: 'a key-value store', input: 'a key-value store keeps key-1 and key-2' },
  { name: 'Slack channel names', input: 'xoxo-hugs and #xoxb-team' },
];

describe('redactSecrets masks credentials', () => {
  it.each(masked)('$name', ({ input, expected }) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

describe('redactSecrets never masks across a line break', () => {
  it.each(lineBreaks)('$name', ({ input, expected }) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

describe('redactSecrets leaves ordinary text alone', () => {
  it.each(unchanged)('$name', ({ input }) => {
    expect(redactSecrets(input)).toBe(input);
  });
});

describe('redactSecrets is safe to run on anything', () => {
  it('is idempotent', () => {
    for (const { input } of masked) {
      const once = redactSecrets(input);
      expect(redactSecrets(once)).toBe(once);
    }
  });

  const megabyte = 1_000_000;
  const hostile: Array<{ name: string; input: string }> = [
    { name: 'one long word', input: 'a'.repeat(megabyte) },
    { name: 'hyphenated words', input: 'a-'.repeat(megabyte / 2) },
    { name: 'repeated secret keys without values', input: 'password:'.repeat(megabyte / 9) },
    { name: 'repeated open JSON strings', input: '"api_key": "'.repeat(megabyte / 12) },
    { name: 'repeated key prefixes', input: 'sk-'.repeat(megabyte / 3) },
    { name: 'repeated JWT starts', input: 'eyJaaaaa.'.repeat(megabyte / 9) },
    {
      name: 'PEM headers without footers',
      input: '-----BEGIN PRIVATE KEY-----\n'.repeat(megabyte / 28),
    },
    { name: 'URLs without hosts', input: 'https://a:b'.repeat(megabyte / 11) },
    { name: 'query strings', input: '?a=b&'.repeat(megabyte / 5) },
    { name: 'base64 near the word aws', input: `${'Ab1/'.repeat(megabyte / 4)} aws` },
    { name: 'unclosed SQL strings after secret words', input: "SECRET '".repeat(megabyte / 8) },
    {
      name: 'Authorization headers without values',
      input: 'Authorization: '.repeat(megabyte / 15),
    },
  ];

  it.each(hostile)('finishes a megabyte of $name quickly', ({ input }) => {
    const start = performance.now();
    const output = redactSecrets(input);
    expect(performance.now() - start).toBeLessThan(3000);
    expect(output.length).toBeGreaterThan(0);
  });
});

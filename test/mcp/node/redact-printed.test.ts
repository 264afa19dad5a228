// The one redaction of what the bridge and the Node SQL server print: secrets in the shapes a command
// line, a DSN, an environment or a server's stderr hold them, and the control characters and escape
// sequences that would let text from elsewhere drive the terminal.
import { describe, expect, it } from 'vitest';
import {
  oneForeignLine,
  redactPrinted,
  withoutControlCharacters,
} from '../../../src/mcp/node/redact-printed';
import { stderrLineReader } from '../../../src/mcp/node/stderr-lines';

const password = 'Hunter2-Pw';

describe('redactPrinted', () => {
  it.each([
    `postgresql://sales:${password}@db.example:5432/sales`,
    // A path resolved from a DSN keeps one slash after the scheme.
    `ENOENT: stat '/srv/postgresql:/sales:${password}@db.example/sales'`,
    `host=db.example port=5432 password=${password} dbname=sales`,
    `PGPASSWORD=${password} psql`,
    `MYSQL_PWD=${password}`,
    `server --password ${password} --verbose`,
    `server --api-key ${password}`,
    `server --api-key=${password}`,
    `https://example.org/mcp?token=${password}&x=1`,
    `Server=db;User Id=sa;Password=${password};`,
    `server key=${password} region=eu`,
    `could not start "node server.mjs --db-password ${password}": Connection closed`,
  ])('masks the secret in %s', (line) => {
    const printed = redactPrinted(line);
    expect(printed).not.toContain(password);
    expect(printed).toContain('[REDACTED]');
  });

  it('keeps what holds no secret, and the quote after a masked argument', () => {
    for (const line of [
      'npm run mcp-bridge -- --token-file /home/ada/.token.json --oauth-port 8791 --port 8790',
      'bridging http://127.0.0.1:8790/mcp (warehouse)',
      'loaded trips from /data/trips.parquet',
    ]) {
      expect(redactPrinted(line)).toBe(line);
    }
    expect(redactPrinted(`"node s.mjs --password ${password}": closed`)).toBe(
      '"node s.mjs --password [REDACTED]": closed',
    );
  });
});

describe('control characters', () => {
  it('removes escape sequences and controls, keeping tabs and line feeds', () => {
    const hostile =
      'a\u001b[31mred\u001b[0m\u001b]0;title\u0007\u001b]8;;https://evil.example\u001b\\link\u009b2J\r\u0000b\tc\nd\u202ee';
    expect(withoutControlCharacters(hostile)).toBe('aredlinkb\tc\nde');
  });

  it('makes foreign text one line of bounded length', () => {
    expect(oneForeignLine('denied\r\nOpen this URL:\n  https://evil.example/')).toBe(
      'denied Open this URL: https://evil.example/',
    );
    expect(oneForeignLine('x'.repeat(1000))).toHaveLength(301);
  });
});

describe('a stdio server stderr', () => {
  it('is logged by whole lines, so a secret cut between chunks is still masked', () => {
    const logged: string[] = [];
    const lines = stderrLineReader((line) => logged.push(redactPrinted(line)));
    lines.add('starting\nPGPASSWORD=Hunt');
    lines.add('er2-Pw rest\nunfinished pass');
    expect(logged).toEqual(['starting', 'PGPASSWORD=[REDACTED] rest']);
    expect(lines.last(3)).toEqual(['starting', 'PGPASSWORD=Hunter2-Pw rest', 'unfinished pass']);
    lines.flush();
    expect(logged.at(-1)).toBe('unfinished pass');
  });
});

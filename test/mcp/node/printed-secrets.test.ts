// What `npm run mcp-bridge` and `npm run mcp-server` print holds no password: the scripts are run as a
// person runs them, with a DSN (URL form and libpq form) and a `--password VALUE` argument for the stdio
// server, which echoes them all to its stderr (as a DSN and a `PGPASSWORD=` line too); every byte of
// stdout and stderr is searched for the password. A --data the SQL server cannot serve is one line,
// with no stack trace.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledScript } from '../bundled-script';

const password = 'Hunter2-Pw-7c91';
const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` (bundled) until it exits, or until `stopWhen` matches its output (then SIGTERM). */
async function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  stopWhen?: RegExp,
): Promise<Finished> {
  const child = spawn(process.execPath, [await bundledScript(script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  const seen = () => {
    if (stopWhen?.test(stdout + stderr) && child.exitCode === null) child.kill('SIGTERM');
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    seen();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    seen();
  });
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

// Each test starts a script and, through it, a server: seconds on a loaded machine, so each test has a
// minute, as the hooks do.
describe('printed lines hold no secret', { timeout: 60_000 }, () => {
  let directory: string;
  let echo: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'mapwright-printed-'));
    // A stdio "server" that prints what it was given, as servers do in their errors, then gives up.
    echo = join(directory, 'echo-server.mjs');
    await writeFile(
      echo,
      [
        "process.stderr.write('starting with ' + process.argv.slice(2).join(' ') + '\\n');",
        "const given = process.argv[process.argv.indexOf('--password') + 1];",
        "process.stderr.write('PGPASSWORD=' + given + '\\n');",
        "process.stderr.write('connection to server failed: password authentication failed for user \"user\" (postgresql://user:' + given + '@db.example:5432/sales)\\n');",
        "process.stderr.write(new Error('boom ' + process.argv.slice(2).join(' ')).stack + '\\n');",
        'process.exit(1);',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('the bridge, whose stdio server fails and echoes its DSN, arguments and PGPASSWORD', async () => {
    const result = await run('scripts/mcp-bridge.ts', [
      '--port',
      '0',
      '--stdio',
      '--',
      process.execPath,
      echo,
      `postgresql://user:${password}@db.example:5432/sales`,
      `host=db.example password=${password} dbname=sales`,
      '--password',
      password,
      `--api-key=${password}`,
    ]);
    const printed = result.stdout + result.stderr;
    expect(result.code).toBe(1);
    // It did print what happened (the command, the server's lines), with the password masked.
    expect(printed).toMatch(/echo-server\.mjs postgresql:\/\/user:\[REDACTED\]@db\.example/);
    expect(printed).toContain('password authentication failed');
    expect(printed).toContain('PGPASSWORD=[REDACTED]');
    expect(printed).not.toContain(password);
  });

  it('the bridge in front of a working stdio server, started with a DSN among its arguments', async () => {
    const result = await run(
      'scripts/mcp-bridge.ts',
      [
        '--port',
        '0',
        '--stdio',
        '--',
        process.execPath,
        everythingScript,
        'stdio',
        `postgresql://user:${password}@db.example/sales`,
      ],
      {},
      /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    );
    const printed = result.stdout + result.stderr;
    expect(printed).toMatch(/bridging .*postgresql:\/\/user:\[REDACTED\]@db\.example/);
    expect(printed).not.toContain(password);
  });

  it('the bridge given a DSN, or a URL with a password, as the server to bridge', async () => {
    const dsn = await run('scripts/mcp-bridge.ts', [
      `postgresql://user:${password}@db.example/sales`,
    ]);
    expect(dsn.code).toBe(2);
    expect(dsn.stderr).toMatch(
      /^postgresql:\/\/user:\[REDACTED\]@db\.example\/sales is not an http\(s\) URL\./,
    );
    expect(dsn.stdout + dsn.stderr).not.toContain(password);
    // Nothing listens on port 1: the start fails, and its error quotes the URL.
    const url = await run('scripts/mcp-bridge.ts', [
      '--port',
      '0',
      `http://user:${password}@127.0.0.1:1/mcp`,
    ]);
    expect(url.code).toBe(1);
    expect(url.stderr).not.toMatch(/\n\s+at /);
    expect(url.stdout + url.stderr).not.toContain(password);
  });

  it('the SQL server given a DSN as --data: one line, no stack, no password', async () => {
    const result = await run('scripts/mcp-server.ts', [
      '--port',
      '0',
      '--data',
      `postgresql://user:${password}@db.example:5432/sales`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^Cannot serve --data postgresql:\/\/user:\[REDACTED\]@db\.example/,
    );
    expect(result.stderr).toMatch(/not a URL or a database connection string/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr).not.toContain(password);
  });

  it('the SQL server given a missing file: one line, no stack', async () => {
    const missing = await run('scripts/mcp-server.ts', [
      '--port',
      '0',
      '--data',
      join(directory, 'nowhere.csv'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(
      /^Cannot serve --data \S+nowhere\.csv: there is no such file or folder\.$/,
    );
  });

  it('the SQL server given a file of a format it does not read: one line, no stack', async () => {
    const sheet = join(directory, 'sales.xlsx');
    await writeFile(sheet, 'not a sheet');
    const unsupported = await run('scripts/mcp-server.ts', ['--port', '0', '--data', sheet]);
    expect(unsupported.code).toBe(2);
    expect(unsupported.stderr.trim()).toMatch(
      /^Cannot serve --data \S+sales\.xlsx: the SQL server reads CSV, TSV, Parquet, GeoJSON, JSON or Arrow files/,
    );
    expect(unsupported.stderr.trim().split('\n')).toHaveLength(1);
  });
});

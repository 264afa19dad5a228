// The conformance framework's server scenarios (`--suite all`) against `npm run mcp-server`: the passing
// set is exactly the scenarios not listed under `server` in conformance/baseline.yml.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServerScript, type ScriptServer } from './start-mcp-server-script';

const run = promisify(execFile);

describe('npm run mcp-server passes the MCP conformance server scenarios', () => {
  let served: ScriptServer;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'mapwright-conformance-'));
    const table = join(directory, 'places.csv');
    await writeFile(table, 'name,population\nLyon,522000\nNantes,320000\n');
    served = await startMcpServerScript(['--data', table]);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('every scenario outside the baseline passes, and every one inside it still fails', async () => {
    const outcome = await run(
      process.execPath,
      [
        resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js'),
        'server',
        '--url',
        served.url,
        '--suite',
        'all',
        '--expected-failures',
        resolve('test/mcp/conformance/baseline.yml'),
      ],
      { timeout: 50_000 },
    ).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    for (const passing of ['server-initialize', 'logging-set-level', 'ping', 'tools-list']) {
      expect(outcome.output).toMatch(new RegExp(`✓ ${passing}: [1-9]\\d* passed, 0 failed`));
    }
    expect(outcome.output).toMatch(/all failures are expected/);
    expect(outcome.code, outcome.output).toBe(0);
  }, 60_000);
});

// The conformance framework's client scenarios, run against the hub's connection code (hub-client.ts).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the hub passes the MCP conformance client scenarios', () => {
  it.each(['initialize', 'tools_call', 'sse-retry'])(
    '%s',
    async (scenario) => {
      const outcome = await run(
        process.execPath,
        [
          '--import',
          resolve('test/mcp/force-loopback.mjs'),
          resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js'),
          'client',
          '--command',
          `${process.execPath} ${resolve('node_modules/tsx/dist/cli.mjs')} ${resolve('test/mcp/conformance/hub-client.ts')}`,
          '--scenario',
          scenario,
          '--expected-failures',
          resolve('test/mcp/conformance/baseline.yml'),
          '--output-dir',
          resolve('.e2e-artifacts/d-conformance', scenario),
        ],
        { timeout: 90_000 },
      ).then(
        (result) => ({ code: 0, output: result.stdout + result.stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({
          code: error.code ?? 1,
          output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        }),
      );
      expect(outcome.output).toMatch(/OVERALL: PASSED|all failures are expected/);
      expect(outcome.code, outcome.output).toBe(0);
    },
    120_000,
  );
});

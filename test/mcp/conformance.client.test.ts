// The conformance framework's client scenarios, run against the hub's connection code (hub-client.ts).
// The passing set is every scenario not listed under `client` in conformance/baseline.yml: a listed one
// that starts passing fails the run too, so the baseline stays exact.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledScript } from './bundled-script';

const run = promisify(execFile);

// The framework starts the client once per scenario, about twenty times. Through tsx each start
// transpiled and loaded the hub's sources again (1.6 CPU-seconds); bundled once, 0.2.
let hubClient: string;

beforeAll(async () => {
  hubClient = await bundledScript('test/mcp/conformance/hub-client.ts');
}, 60_000);

/** Runs `conformance client` with the given selection against hub-client.ts (bundled), checked against the baseline. */
async function runClientConformance(selection: string[], outputName: string) {
  return run(
    process.execPath,
    [
      '--import',
      resolve('test/mcp/force-loopback.mjs'),
      resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js'),
      'client',
      '--command',
      `${process.execPath} ${hubClient}`,
      ...selection,
      '--expected-failures',
      resolve('test/mcp/conformance/baseline.yml'),
      '--output-dir',
      resolve('.e2e-artifacts/d-conformance', outputName),
    ],
    // The auth suite runs 15 scenarios at once: about 40 s on a quiet machine, 87 s seen at load 25.
    { timeout: 170_000 },
  ).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
}

/** The checks `scenario` recorded (its checks.json), from a run's output directory. */
async function scenarioChecks(
  outputName: string,
  scenario: string,
): Promise<Array<{ id: string; status: string }>> {
  const root = resolve('.e2e-artifacts/d-conformance', outputName);
  const found = (await readdir(root, { recursive: true })).find(
    (path) => path.includes(`${scenario}-`) && path.endsWith('checks.json'),
  );
  if (!found) throw new Error(`no checks.json of ${scenario} under ${root}`);
  return JSON.parse(await readFile(resolve(root, found), 'utf8')) as Array<{
    id: string;
    status: string;
  }>;
}

// The auth suite, run once for the two tests that read it (basic-cimd is one of its 15 scenarios), in
// a folder of its own so that no earlier run's checks are read.
let authSuite: Promise<{ code: number; output: string; outputName: string }> | undefined;
function runAuthSuite() {
  authSuite ??= (async () => {
    const outputName = `auth-${Date.now()}`;
    return { ...(await runClientConformance(['--suite', 'auth'], outputName)), outputName };
  })();
  return authSuite;
}

describe('the hub passes the MCP conformance client scenarios', () => {
  // One at a time: sse-retry measures the reconnection delay, which a loaded machine stretches.
  it.each(['initialize', 'tools_call', 'sse-retry'])(
    '%s passes',
    async (scenario) => {
      const outcome = await runClientConformance(['--scenario', scenario], scenario);
      expect(outcome.output).toMatch(/OVERALL: PASSED/);
      expect(outcome.code, outcome.output).toBe(0);
    },
    120_000,
  );

  it('elicitation-sep1034-client-defaults passes: the form opens with the schema defaults', async () => {
    const outcome = await runClientConformance(
      ['--scenario', 'elicitation-sep1034-client-defaults'],
      'elicitation',
    );
    expect(outcome.output).toMatch(/Passed: 5\/5, 0 failed, 0 warnings/);
    expect(outcome.output).toMatch(/OVERALL: PASSED/);
    expect(outcome.code, outcome.output).toBe(0);
  }, 120_000);

  it('passes the 15 auth scenarios with the page OAuth client, basic-cimd by its metadata document URL', async () => {
    const outcome = await runAuthSuite();
    for (const scenario of [
      'metadata-default',
      'metadata-var1',
      'metadata-var2',
      'metadata-var3',
      'scope-from-www-authenticate',
      'scope-from-scopes-supported',
      'scope-omitted-when-undefined',
      'scope-retry-limit',
      'token-endpoint-auth-basic',
      'token-endpoint-auth-post',
      'token-endpoint-auth-none',
      'resource-mismatch',
      'pre-registration',
      'scope-step-up',
      'basic-cimd',
    ]) {
      expect(outcome.output).toMatch(new RegExp(`✓ auth/${scenario}: \\d+ passed, 0 failed\\n`));
    }
    expect(outcome.code, outcome.output).toBe(0);
  }, 180_000);

  // Outside `--suite auth`: an authorization server of the 2025-03-26 protocol, with no protected-resource
  // metadata (its metadata at the MCP server's origin, or only the default /authorize, /token, /register).
  it.each(['auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback'])(
    '%s passes: an older authorization server is still found',
    async (scenario) => {
      const outcome = await runClientConformance(
        ['--scenario', scenario],
        scenario.replace('/', '-'),
      );
      expect(outcome.output).toMatch(/OVERALL: PASSED/);
      expect(outcome.code, outcome.output).toBe(0);
    },
    120_000,
  );

  it('basic-cimd: the client id is the metadata document URL, with no registration', async () => {
    const outcome = await runAuthSuite();
    expect(outcome.output).toMatch(/✓ auth\/basic-cimd: \d+ passed, 0 failed\n/);
    expect(outcome.code, outcome.output).toBe(0);
    const checks = await scenarioChecks(outcome.outputName, 'basic-cimd');
    expect(checks.find((check) => check.id === 'cimd-client-id-used')?.status).toBe('SUCCESS');
    expect(checks.some((check) => check.id === 'client-registration')).toBe(false);
  }, 180_000);
});

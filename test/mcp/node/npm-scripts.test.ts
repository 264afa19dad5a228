// `npm run mcp-server` and `npm run mcp-bridge` start as the README shows them, through npm and tsx.
// The other tests start the same scripts bundled (test/mcp/bundled-script.ts), so this is where the
// commands people type are run as they type them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the npm scripts people type', { timeout: 60_000 }, () => {
  it('npm run mcp-server -- --help prints its usage and exits 0', async () => {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'mcp-server', '--', '--help']);
    expect(stdout + stderr).toMatch(/^Usage: npm run mcp-server -- \(--data DIR\|FILE/);
    expect(stdout + stderr).toMatch(/--postgres/);
  });

  it('npm run mcp-bridge -- --help prints its usage and exits 0', async () => {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'mcp-bridge', '--', '--help']);
    expect(stdout + stderr).toMatch(
      /^Usage:\n {2}npm run mcp-bridge -- https:\/\/example\.org\/mcp/,
    );
  });
});

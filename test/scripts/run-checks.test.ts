// `npm test`'s static checks run at once (scripts/run-checks.ts): the command fails when any check
// fails, after every check has ended and printed under its name.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the static checks run at once', () => {
  it('fails, naming every check that failed, when one does', async () => {
    const outcome = await run(
      process.execPath,
      [
        resolve('node_modules/tsx/dist/cli.mjs'),
        resolve('scripts/run-checks.ts'),
        'no-such-check',
        'no-such-check-either',
      ],
      { timeout: 60_000 },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/> npm run no-such-check: failed \(exit 1\) after/);
    expect(outcome.stdout).toMatch(/> npm run no-such-check-either: failed \(exit 1\) after/);
    expect(outcome.stderr).toContain('Failed: no-such-check, no-such-check-either');
  }, 60_000);
});

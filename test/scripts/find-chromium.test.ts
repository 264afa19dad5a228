// A newcomer's first minutes: the browser tests find a Chromium the way people have one, and without one
// `npm test` stops at once with one line that says what to install.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/find-chromium';

const run = promisify(execFile);

describe('finding a Chromium', () => {
  it('takes CHROMIUM_PATH first', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, () => false)).toBe(
      '/opt/chrome/chrome',
    );
  });

  it("then Debian's, then the usual names on PATH in order", () => {
    expect(findChromium({ PATH: '/a:/b' }, (path) => path === '/usr/bin/chromium')).toBe(
      '/usr/bin/chromium',
    );
    const present = new Set(['/b/google-chrome-stable', '/b/chromium-browser']);
    expect(findChromium({ PATH: '/a:/b' }, (path) => present.has(path))).toBe(
      '/b/chromium-browser',
    );
  });

  it('finds none on a machine without one', () => {
    expect(findChromium({ PATH: '/a:/b' }, () => false)).toBeUndefined();
  });

  it('npm test stops at once with one line when the browser is missing', async () => {
    const outcome = await run(
      process.execPath,
      [resolve('node_modules/tsx/dist/cli.mjs'), resolve('scripts/check-browser.ts')],
      { env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' } },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({
        code: error.code,
        stderr: error.stderr ?? '',
      }),
    );
    expect(outcome.code).toBe(1);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/install it \(Debian\/Ubuntu: sudo apt-get install chromium/);
  });
});

// A publisher lets another site show the app in a frame without rebuilding: the stock build refuses
// every frame (frame-ancestors 'none'); after adding the site to dist/app-config.json's
// security.frameAncestors and running `npm run headers -- dist`, the same files are framed. A copy of
// the build is changed, never the build under test; the command on an unchanged config changes no byte.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { startPreviewServer } from '../../servers/preview-server';
import { distDir } from '../../servers/static-server';
import { lightConfig } from '../contract/config-variant';
import { launchBrowser, openPage } from '../harness';
import type { Browser, Page } from 'playwright-core';

const run = promisify(execFile);

/** Runs `npm run headers -- folder` (the script itself, as npm would). */
async function headersCommand(folder: string): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/headers.ts', folder]);
  return stdout;
}

/** Whether the host page's frame shows the app (rather than the browser's refusal). */
async function framedAppShows(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  // A refused frame holds the browser's error page instead of the app's.
  if (!frame || frame.url().startsWith('chrome-error:')) return false;
  try {
    await frame.waitForSelector('#app[data-ready="true"]', { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

describe('framing allowed by the config, without a rebuild', () => {
  let browser: Browser;
  let folder: string;
  let host: LoopbackServer;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-frame-'));
    await cp(distDir, folder, { recursive: true });
    // Only the airports: the frame's map draws fast.
    await writeFile(join(folder, 'app-config.json'), JSON.stringify(await lightConfig(), null, 2));
    // The host page: a frame of whatever app address it is given.
    host = await startLoopbackServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('app') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>News</title><iframe src="${src}" width="400" height="600"></iframe>`,
      );
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), host?.stop()]);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('refuses the frame on the stock build, then allows the site named in frameAncestors', async () => {
    // The command on the build's own config writes exactly what the build wrote.
    const built = await Promise.all(
      ['index.html', '_headers', 'oauth-callback.html'].map((file) => readFile(join(folder, file))),
    );
    const config = JSON.parse(await readFile(join(folder, 'app-config.json'), 'utf8')) as {
      security?: Record<string, unknown>;
    };
    await headersCommand(folder);
    const again = await Promise.all(
      ['index.html', '_headers', 'oauth-callback.html'].map((file) => readFile(join(folder, file))),
    );
    expect(again.map((bytes, index) => bytes.equals(built[index]!))).toEqual([true, true, true]);

    const before = await startPreviewServer(folder);
    const refused = await openPage(browser);
    try {
      await refused.page.goto(`${host.url}/?app=${encodeURIComponent(`${before.url}/`)}`);
      expect(await framedAppShows(refused.page)).toBe(false);
    } finally {
      await Promise.allSettled([refused.context.close(), before.stop()]);
    }

    config.security = { ...config.security, frameAncestors: [host.url] };
    await writeFile(join(folder, 'app-config.json'), JSON.stringify(config, null, 2));
    const printed = await headersCommand(folder);
    expect(await readFile(join(folder, '_headers'), 'utf8')).toContain(
      `frame-ancestors ${host.url}`,
    );
    // The same rules, for the servers that do not read _headers.
    expect(printed).toContain(`add_header Content-Security-Policy "`);
    expect(printed).toContain(`Header always set Content-Security-Policy "`);
    expect(printed).toContain(`frame-ancestors ${host.url}`);

    const after = await startPreviewServer(folder);
    const allowed = await openPage(browser);
    try {
      await allowed.page.goto(`${host.url}/?app=${encodeURIComponent(`${after.url}/`)}`);
      expect(await framedAppShows(allowed.page)).toBe(true);
      // The allowed page asks the framed app a question by postMessage: with no model connected yet,
      // the app keeps it in its question box while its settings open, as for the person's own.
      const frame = allowed.page
        .frames()
        .find((candidate) => candidate !== allowed.page.mainFrame())!;
      await frame.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
      await allowed.page.evaluate((appOrigin) => {
        const target = document.querySelector('iframe')!.contentWindow!;
        target.postMessage(
          { type: 'mapwright:ask', question: 'Which airports are busiest?' },
          appOrigin,
        );
      }, after.url);
      await expect
        .poll(() => frame.locator('.mw-input').inputValue(), { timeout: 10_000 })
        .toBe('Which airports are busiest?');
      expect(allowed.pageErrors).toEqual([]);
    } finally {
      await Promise.allSettled([allowed.context.close(), after.stop()]);
    }
  }, 180_000);
});

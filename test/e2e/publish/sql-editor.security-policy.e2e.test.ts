// Editing SQL on the approval card under the page's Content-Security-Policy (no inline styles): typing
// over a selection that spans lines used to let Chrome join the lines itself, writing a `style`
// attribute on the merged `.cm-line` that the policy refused, one reported violation per keystroke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startPreviewServer, type PreviewServer } from '../../servers/preview-server';
import { ask, waitForChat } from '../chat-page';
import { launchBrowser, openPage } from '../harness';
import type { Browser } from 'playwright-core';

const QUERY = 'SELECT state\nFROM airports\nLIMIT 8';

/** Records every CSP violation the page reports (installed before any script of the app runs). */
function recordViolations(): void {
  const recorded: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = recorded;
  document.addEventListener('securitypolicyviolation', (event) => {
    // A library probing whether eval is allowed (zod's `Function('')`) is not something the app needs.
    if (event.blockedURI === 'eval') return;
    const where = event.target instanceof Element ? ` on <${event.target.localName}>` : '';
    recorded.push(`${event.effectiveDirective} ${event.blockedURI}${where}`);
  });
}

describe('the SQL editor under the Content-Security-Policy', () => {
  let browser: Browser;
  let server: PreviewServer;
  let fake: FakeLlm;
  beforeAll(async () => {
    [browser, server, fake] = await Promise.all([
      launchBrowser(),
      startPreviewServer(),
      startFakeLlm({
        script: {
          rules: [
            {
              user: 'airports by state',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: QUERY } }] },
            },
          ],
          fallback: { text: 'No script for that.' },
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), server?.stop(), fake?.stop()]);
  });

  it('types over a selection across lines with no violation, and undo brings the lines back', async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    await page.addInitScript(recordViolations);
    await page.addInitScript(
      ({ endpoint }) =>
        localStorage.setItem(
          'mapwright.llm',
          JSON.stringify({
            provider: 'local',
            endpoint,
            model: 'fake-model',
            keyPersistence: 'session',
          }),
        ),
      { endpoint: fake.url },
    );
    await page.goto(server.url);
    await waitForChat(page);
    await ask(page, 'airports by state');
    const content = page.locator('.mw-approval-card .cm-content');
    await content.waitFor({ timeout: 30_000 });
    await content.click();
    // From the end of "SELECT state" to the end of "FROM airports", then a letter typed over it.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('X');
    // Every line at once and a word typed over them, as a person replacing the whole query would.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('SELECT 1');
    const lines = () => content.locator('.cm-line').allTextContents();
    expect(await lines()).toEqual(['SELECT 1']);
    await page.keyboard.press('Control+z');
    expect(await lines()).toEqual(['SELECT stateX', 'LIMIT 8']);
    expect(
      await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    ).toEqual([]);
    expect(opened.consoleErrors.filter((line) => /Content Security Policy/i.test(line))).toEqual(
      [],
    );
    expect(await page.locator('.cm-content [style]').count()).toBe(0);
    await opened.context.close();
  }, 60_000);
});

// The chat's first answer does not wait for CodeMirror or Observable Plot, yet the first card rarely
// does either: once the chat has mounted and the page is idle, their chunks load with no card on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startAppHarness, type AppHarness } from '../harness';

let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
}, 120_000);

afterAll(() => harness.close());

describe('the chat preloads its late chunks', () => {
  it('requests the SQL editor, the highlighter and the chart renderer after the chat is ready', async () => {
    const { page, context } = await openPage(harness.browser);
    try {
      await page.goto(harness.appUrl);
      await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
      await page.waitForFunction(
        () => {
          const names = performance.getEntriesByType('resource').map((entry) => entry.name);
          return ['sql-editor-', 'sql-highlight-', 'plot-chart-'].every((chunk) =>
            names.some((name) => name.includes(`/assets/${chunk}`)),
          );
        },
        undefined,
        { timeout: 30_000 },
      );
      expect(await page.locator('.mw-approval-card').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});

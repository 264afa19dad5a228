// The chat's first answer does not wait for CodeMirror or Observable Plot, yet the first card rarely
// does either: once the chat has mounted and the page is idle, their chunks load with no card on screen.
// DuckDB-WASM waits for a sign the person will ask: a page nobody asks anything never fetches its module
// (the offline copy, blocked here, would), and the question box taking focus starts it and the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startAppHarness, type AppHarness, waitInPage } from '../harness';

let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
}, 120_000);

afterAll(() => harness.close());

describe('the chat preloads its late chunks', () => {
  it('requests the SQL editor, the highlighter and the chart renderer after the chat is ready, and DuckDB once the question box takes focus', async () => {
    const { page, context } = await openPage(harness.browser);
    // DuckDB's module is fetched by its worker: the context sees that request, the page's timeline not.
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    const duckdbRequested = () => requested.some((url) => /\/assets\/duckdb-[^/]*\.wasm/.test(url));
    try {
      await page.goto(harness.appUrl);
      await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 120_000 });
      await waitInPage(
        page,
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

      // The page has been idle since its chat was ready (the chunks above load in an idle callback,
      // where DuckDB used to start too): two idle periods later, still no DuckDB.
      for (let period = 0; period < 2; period += 1)
        await page.evaluate(
          () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })),
        );
      expect(duckdbRequested()).toBe(false);
      expect(
        await page.evaluate(() => performance.getEntriesByName('mapwright:duckdb-start').length),
      ).toBe(0);
      await page.locator('.mw-input').focus();
      await waitInPage(
        page,
        () => performance.getEntriesByName('mapwright:table-loaded:airports').length > 0,
        undefined,
        { timeout: 120_000 },
      );
      expect(duckdbRequested()).toBe(true);
    } finally {
      await context.close();
    }
  }, 180_000);
});

// Every row of a result, in the built app with the real DuckDB-WASM, as a person meets it: an approved
// query that makes 100,000 rows brings 1,000 into the page, yet its table scrolls to the last row, sorts
// by a column in the engine (descending starts at 99,999), filters there and downloads a CSV of every
// row; the caption says the conversation keeps only the first rows. After a reload the engine no longer
// has the result: the table says which rows it still has, and Run again brings every row back.
import { describe, expect, it } from 'vitest';
import { ask, expectClean, openChat, useAppWithModel, waitForIdle } from '../chat-page';
import { downloadedText } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Locator, Page } from 'playwright-core';

const EVERY_NUMBER = 'SELECT range AS n, range % 10 AS digit FROM range(100000)';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'every number',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: EVERY_NUMBER } }] },
    },
    { user: 'every number', toolResult: '', reply: { text: 'Here are all 100,000 numbers.' } },
  ],
};

/** The text of the cell of `column` (0-based) in the row drawn for `index`, once it has arrived. */
async function cellOfRow(table: Locator, index: number, column = 0): Promise<string> {
  const cell = table.locator(`tr[data-row="${index}"]:not(.mw-table-reading) td`).nth(column);
  await cell.waitFor({ timeout: 30_000 });
  return (await cell.textContent()) ?? '';
}

async function scrollTo(table: Locator, where: 'top' | 'bottom'): Promise<void> {
  await table
    .locator('.mw-table-scroll')
    .evaluate(
      (scroller, to) => (scroller.scrollTop = to === 'top' ? 0 : scroller.scrollHeight),
      where,
    );
}

async function download(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), text: await downloadedText(file) };
}

describe('every row of a 100,000-row result', () => {
  const app = useAppWithModel(script, { datasets: 'airports' });

  it('scrolls to the last row, sorts in the engine and downloads every row', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      // The CSV takes the Blob path Playwright can save (it cannot answer the browser's file picker).
      beforeLoad: async (page) => {
        await page.addInitScript(() => Reflect.set(window, 'showSaveFilePicker', undefined));
      },
    });
    const { page } = opened;
    await ask(page, 'Show me every number up to 100,000.');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await waitForIdle(page);
    const table = page.locator('.mw-result-table').last();
    await table.waitFor();
    expect(await table.locator('.mw-table-caption').textContent()).toBe(
      '100,000 rows, every one read from the engine; the conversation keeps the first 1,000, after a reload Run again reads the rest',
    );
    expect(await table.locator('.mw-table-scroll').getAttribute('aria-label')).toBe(
      'Result table, 100,000 rows',
    );

    // The last row is far past the 1,000 the page holds: it comes from the engine.
    await scrollTo(table, 'bottom');
    expect(await cellOfRow(table, 99_999)).toBe('99,999');
    expect(await cellOfRow(table, 99_990, 1)).toBe('0');

    // Sorted descending by n, in the engine: the first row is the largest of all 100,000.
    const heading = table.getByRole('button', { name: 'n', exact: true });
    await heading.click();
    await heading.click();
    expect(await table.locator('th').first().getAttribute('aria-sort')).toBe('descending');
    expect(await cellOfRow(table, 0)).toBe('99,999');
    expect(await cellOfRow(table, 1)).toBe('99,998');

    // Every row in the file, in the order shown, with the header.
    const file = await download(page, table.getByRole('button', { name: /^Download CSV/ }));
    const lines = file.text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(100_001);
    expect(lines.slice(0, 3)).toEqual(['n,digit', '99999,9', '99998,8']);
    expect(lines.at(-1)).toBe('0,0');
    expect(await table.locator('.mw-table-status').textContent()).toMatch(
      /100,000 rows written\.$/,
    );

    // The filter asks the engine too: 19 numbers below 100,000 contain "9999".
    await table.getByRole('searchbox', { name: /Filter rows/ }).fill('9999');
    await expect
      .poll(() => table.locator('.mw-table-caption').textContent(), { timeout: 30_000 })
      .toMatch(/^19 of 100,000 rows contain “9999”/);
    expect(await cellOfRow(table, 0)).toBe('99,999');

    // After a reload the engine no longer has the result: the table says which rows it still has.
    await page.reload();
    const again = page.locator('.mw-result-table').last();
    await again.waitFor({ timeout: 60_000 });
    expect(await again.locator('.mw-table-caption').textContent()).toBe(
      '100,000 rows: the first 1,000 came back with the result and are here; run the query again for the rest',
    );
    // Run again: the same SQL through the page's server, and every row is there again.
    await again.getByRole('button', { name: 'Run the query again for every row' }).click();
    await expect
      .poll(() => again.locator('.mw-table-caption').textContent(), { timeout: 60_000 })
      .toMatch(/^100,000 rows, every one read from the engine/);
    expect(
      await again.getByRole('button', { name: 'Run the query again for every row' }).isHidden(),
    ).toBe(true);
    await scrollTo(again, 'bottom');
    expect(await cellOfRow(again, 99_999)).toBe('99,999');
    await expectClean(opened);
    await opened.context.close();
  });
});

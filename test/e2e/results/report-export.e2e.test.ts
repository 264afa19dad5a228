// Export report in the built app: one HTML file that opens with the network off and scripts off, and
// shows the question, the answer, each query's SQL and decision, every table with its rows, every chart
// and the map as pictures, and the credits; it holds no script and a CSP that forbids any.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ask,
  expectClean,
  openChat,
  useAppWithModel,
  waitForData,
  waitForIdle,
} from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const BY_STATE =
  'SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC, state LIMIT 5';
const NORTH = 'SELECT name, latitude FROM airports ORDER BY latitude DESC LIMIT 3';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'most airports',
      reply: {
        text: 'Counting airports by state.',
        toolCalls: [
          { name: 'query', arguments: { sql_query: BY_STATE } },
          { name: 'query', arguments: { sql_query: NORTH } },
        ],
      },
    },
    {
      user: 'most airports',
      toolResult: '',
      reply: { text: 'The states with the most airports are listed <b>above</b>.' },
    },
  ],
};

describe('the report', () => {
  const app = useAppWithModel(script, { datasets: 'airports' });

  it('opens offline with scripts off and shows every table, chart, the map and the decisions', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    await ask(page, 'Which states have the most airports?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve all' }).click();
    await page.locator('.mw-answer', { hasText: 'most airports' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await page.getByRole('button', { name: 'Chart these rows under the table' }).first().click();
    await page.locator('.mw-result-table .mw-chart svg.mw-plot').first().waitFor();

    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export report', exact: true }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      /^which-states-have-the-most-airports-report-\d{4}-\d{2}-\d{2}\.html$/,
    );
    // Saved through Playwright (the worker's browser keeps its downloads on its own side), under a
    // name that ends in .html, so the browser reads the file as a page.
    const folder = await mkdtemp(join(tmpdir(), 'mapwright-report-'));
    const copy = join(folder, 'report.html');
    await file.saveAs(copy);
    const html = await readFile(copy, 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Content-Security-Policy');
    // The model's words are text, not markup.
    expect(html).toContain('&lt;b&gt;above&lt;/b&gt;');

    // Another browser with the network off and JavaScript off reads it from disk.
    const reader = await app.harness.browser.newContext({
      offline: true,
      javaScriptEnabled: false,
    });
    const requests: string[] = [];
    reader.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
        requests.push(request.url());
    });
    const report = await reader.newPage();
    const cspErrors: string[] = [];
    report.on('console', (message) => {
      if (message.type() === 'error') cspErrors.push(message.text());
    });
    await report.goto(pathToFileURL(copy).href);
    expect(await report.title()).toBe('Which states have the most airports?');
    expect(await report.locator('h2').first().textContent()).toBe('Question 1');
    expect(await report.locator('.question').textContent()).toBe(
      'Which states have the most airports?',
    );
    expect(await report.locator('pre').allTextContents()).toEqual([BY_STATE, NORTH]);
    expect(await report.locator('.decision').allTextContents()).toEqual(['Approved', 'Approved']);
    // Both tables, with their rows.
    const tables = report.locator('table.result');
    expect(await tables.count()).toBe(2);
    expect(await tables.nth(0).locator('tbody tr').count()).toBe(5);
    expect(await tables.nth(1).locator('tbody tr').count()).toBe(3);
    expect(await tables.nth(0).locator('th').allTextContents()).toEqual(['state', 'airports']);
    // The person's chart and the map are pictures that load from the file itself.
    const images = report.locator('figure img');
    expect(await images.count()).toBe(2);
    for (const image of await images.all()) {
      expect(
        await image.evaluate((node) => (node as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
    }
    expect(await report.locator('figure.chart').count()).toBe(1);
    expect(await report.locator('figure.map').count()).toBe(1);
    expect(await report.locator('.answer').textContent()).toContain(
      'The states with the most airports are listed <b>above</b>.',
    );
    expect(await report.locator('.credits li').count()).toBeGreaterThan(0);
    // The page's style applied (the CSP allows exactly its stylesheet), and nothing was refused or fetched.
    expect(
      await report
        .locator('pre')
        .first()
        .evaluate((node) => getComputedStyle(node).whiteSpace),
    ).toBe('pre-wrap');
    expect(cspErrors).toEqual([]);
    expect(requests).toEqual([]);
    await reader.close();
    await rm(folder, { recursive: true, force: true });
    await expectClean(opened);
    await opened.context.close();
  });
});

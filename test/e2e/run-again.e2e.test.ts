// Run again in the built app: a past query is proposed again through the card with the same SQL, and
// once it ran, its call says whether the rows changed since the first run.
import { describe, expect, it } from 'vitest';
import { ask, expectClean, openChat, useAppWithModel, waitForData, waitForIdle } from './chat-page';
import type { FakeLlmScript } from '../servers/fake-llm/fake-llm-script';

const SQL =
  'SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC, state LIMIT 3';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'most airports',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: SQL } }] },
    },
    { user: 'most airports', toolResult: '', reply: { text: 'Counted by state.' } },
    { user: 'again, unchanged', toolResult: '', reply: { text: 'Ran it again.' } },
  ],
};

describe('run again', () => {
  const app = useAppWithModel(script, { airportsOnly: true });

  it('proposes the same SQL through the card and says the rows did not change', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    await ask(page, 'Which states have the most airports?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer', { hasText: 'Counted by state.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const requestsBefore = app.fake.requests.length;

    const first = page.locator('.mw-call[data-tool="query"]').first();
    await first.locator('summary').click();
    // The first run has nothing to compare with.
    expect(await first.locator('.mw-call-rerun').isHidden()).toBe(true);
    await first.getByRole('button', { name: 'Run this query again' }).click();

    // The same SQL waits on a card: no model was asked to propose it.
    await card.waitFor();
    expect(await card.locator('.cm-content').textContent()).toBe(SQL);
    expect(app.fake.requests.length).toBe(requestsBefore);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer', { hasText: 'Ran it again.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const again = page.locator('.mw-call[data-tool="query"]').nth(1);
    expect(await again.locator('.mw-call-rerun').textContent()).toBe(
      'Same rows as in question 1 (3 rows)',
    );
    expect(await page.locator('.mw-user-text').nth(1).textContent()).toContain(
      'Run the query of question 1 again',
    );
    await expectClean(opened);
    await opened.context.close();
  });
});

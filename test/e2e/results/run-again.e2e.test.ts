// Run again in the built app: a past query is proposed again through the card with the same SQL, and
// once it ran, its call says whether the rows changed since the first run. Both show under the call's
// line without unfolding it, and on a phone the line and the drawer's Rename and Delete are 44 px.
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
  const app = useAppWithModel(script, { datasets: 'airports' });

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
    // Run again is pressed on the folded call: its SQL and result stay folded away.
    expect(await first.locator('details').getAttribute('open')).toBeNull();
    expect(await first.locator('.mw-call-body').isVisible()).toBe(false);
    // The first run has nothing to compare with.
    expect(await first.locator('.mw-call-rerun').isHidden()).toBe(true);
    await first.getByRole('button', { name: 'Run again: this query, through a card' }).click();

    // The same SQL waits on a card: no model was asked to propose it.
    await card.waitFor();
    expect(await card.locator('.cm-content').textContent()).toBe(SQL);
    expect(app.fake.requests.length).toBe(requestsBefore);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer', { hasText: 'Ran it again.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const again = page.locator('.mw-call[data-tool="query"]').nth(1);
    expect(await again.locator('details').getAttribute('open')).toBeNull();
    expect(await again.locator('.mw-call-rerun').isVisible()).toBe(true);
    expect(await again.locator('.mw-call-rerun').textContent()).toBe(
      'Same rows as in question 1 (3 rows)',
    );
    expect(await page.locator('.mw-user-text').nth(1).textContent()).toContain(
      'Run the query of question 1 again',
    );
    await expectClean(opened);
    await opened.context.close();
  });

  it('on a phone: Run again without unfolding, a 44 px call line, 44 px Rename and Delete', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 390, height: 844 },
    });
    const { page } = opened;
    await waitForData(page);
    await ask(page, 'Which states have the most airports?');
    const card = page.locator('.mw-approval-card');
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer', { hasText: 'Counted by state.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const call = page.locator('.mw-call[data-tool="query"]').first();
    const runAgain = call.getByRole('button', { name: 'Run again: this query, through a card' });
    expect(await runAgain.isVisible()).toBe(true);
    expect((await runAgain.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await call.locator('summary').boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await page.getByRole('button', { name: 'Conversations', exact: true }).first().click();
    const drawer = page.getByRole('navigation', { name: 'Conversations' });
    const entry = 'Which states have the most airports?';
    for (const name of [`Rename ${entry}`, `Delete ${entry}`]) {
      const target = await drawer.getByRole('button', { name }).boundingBox();
      expect(target?.width).toBeGreaterThanOrEqual(44);
      expect(target?.height).toBeGreaterThanOrEqual(44);
    }
    await expectClean(opened);
    await opened.context.close();
  });
});

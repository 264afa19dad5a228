// Search jumps to the turn: a conversation found in the sidebar by a word of an early question opens
// scrolled to that turn, with the words marked; searching again jumps within the open conversation.
import { describe, expect, it } from 'vitest';
import { ask, expectClean, openChat, useAppWithModel, waitForIdle } from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const LONG = Array.from({ length: 30 }, (_, line) => `Line ${line + 1} of a long answer.`).join(
  '\n\n',
);

const script: FakeLlmScript = {
  rules: [
    { user: 'volcanoes', reply: { text: `Volcanoes answer.\n\n${LONG}` } },
    { user: 'glaciers', reply: { text: `Glaciers answer, mentioning fjords.\n\n${LONG}` } },
    { user: 'deserts', reply: { text: `Deserts answer.\n\n${LONG}` } },
    { user: 'weather', reply: { text: 'Weather answer.' } },
  ],
  fallback: { text: 'No scripted answer.' },
};

async function askAndWait(page: Page, question: string, answer: string): Promise<void> {
  await ask(page, question);
  await page.locator('.mw-answer', { hasText: answer }).waitFor({ timeout: 60_000 });
  await waitForIdle(page);
}

/** The marked text, and whether the marked turn is inside the conversation's visible area. */
async function marked(
  page: Page,
): Promise<{ words: string[]; turnInView: boolean; question: string }> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get('mw-search');
    const words = [...(highlight ?? [])].map((range) => range.toString().toLowerCase());
    const turn = document.querySelector<HTMLElement>('.mw-turn[data-search-match="true"]');
    const log = turn?.parentElement;
    const box = turn?.getBoundingClientRect();
    const area = log?.getBoundingClientRect();
    const turnInView =
      box !== undefined && area !== undefined && box.top >= area.top - 1 && box.top < area.bottom;
    return { words, turnInView, question: turn?.querySelector('.mw-user-text')?.textContent ?? '' };
  });
}

describe('search jumps to the turn', () => {
  const app = useAppWithModel(script, { datasets: 'none' });

  it('opens the conversation at the turn that holds the words, and marks them', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await askAndWait(page, 'Tell me about volcanoes.', 'Volcanoes answer.');
    await askAndWait(page, 'Tell me about glaciers.', 'Glaciers answer');
    await askAndWait(page, 'Tell me about deserts.', 'Deserts answer.');
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await askAndWait(page, 'What about the weather?', 'Weather answer.');

    // A word of the second question: the first conversation opens at its second turn.
    await sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('about glaciers');
    await sidebar.locator('.mw-sidebar-item:not([hidden]) .mw-sidebar-title').click();
    await page.locator('.mw-turn[data-search-match="true"]').waitFor();
    await expect
      .poll(() => marked(page))
      .toMatchObject({
        turnInView: true,
        question: 'Tell me about glaciers.',
      });
    const found = await marked(page);
    expect(found.words).toContain('glaciers');
    expect(found.words).toContain('about');
    // Only one turn is marked.
    expect(await page.locator('.mw-turn[data-search-match="true"]').count()).toBe(1);

    // Searching again from the open conversation jumps within it.
    await sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('volcanoes');
    await sidebar.locator('.mw-sidebar-item:not([hidden]) .mw-sidebar-title').click();
    await expect
      .poll(() => marked(page))
      .toMatchObject({
        turnInView: true,
        question: 'Tell me about volcanoes.',
      });
    await expectClean(opened);
    await opened.context.close();
  });
});

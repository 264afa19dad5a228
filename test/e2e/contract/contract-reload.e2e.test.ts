// Contract: a reload in the middle of a turn loses nothing. In the built app, with the fake LLM and the
// real DuckDB-WASM: a reload while the model streams, while an approval card is open, and while an
// approved query runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  openChat,
  waitForChat,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { launchBrowser } from '../harness';
import { lightConfig, serveWithConfig, type ConfigVariant } from './config-variant';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser } from 'playwright-core';

const STORY = Array.from({ length: 500 }, (_unused, index) => `word${index}`).join(' ');
const CARD_SQL = "SELECT name, state FROM airports WHERE state = 'AK' ORDER BY name LIMIT 7";
// Billions of rows: DuckDB-WASM is still counting when the page reloads.
const SLOW_SQL = 'SELECT sum(x % 7) AS total FROM range(40000000000) t(x)';
const FAST_SQL = 'SELECT 7 AS total';

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    { user: 'long story', reply: { text: STORY, tokenDelayMs: 40 } },
    {
      user: 'alaska airports',
      reply: {
        text: 'Looking at Alaska.',
        toolCalls: [{ name: 'query', arguments: { sql_query: CARD_SQL } }],
      },
    },
    { user: 'alaska airports', toolResult: '', reply: { text: 'Seven **Alaskan** airports.' } },
    {
      user: 'count for a while',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: SLOW_SQL } }] },
    },
    { user: 'count for a while', toolResult: '7', reply: { text: 'The total is **seven**.' } },
    {
      user: 'slow start',
      failures: [{ kind: 'hang' }],
      reply: { text: 'Here is the **slow** answer.' },
    },
  ],
  fallback: { text: 'Back and **listening**.' },
};

describe('contract: a reload in the middle of a turn', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  const open = (): Promise<ContractPage> =>
    openChat(browser, variant.appUrl, { endpoint: fake.url });

  /** Requests whose last message is the person's, about `text`: how often the model was asked. */
  const questionsAbout = (text: string): number =>
    fake.requests.filter((request) => {
      const last = request.body.messages?.at(-1);
      return last?.role === 'user' && JSON.stringify(last.content).includes(text);
    }).length;

  it('while the model streams: the partial answer is kept and marked, and the chat answers the next question', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'Tell me a long story');
    await page.locator('.mw-answer', { hasText: 'word25' }).waitFor();
    await page.reload();
    await waitForChat(page);
    const answer = page.locator('.mw-answer').first();
    await answer.waitFor();
    expect(await answer.textContent()).toContain('word25');
    expect(await answer.textContent()).not.toContain('word499');
    expect(await page.locator('.mw-user-text').first().textContent()).toBe('Tell me a long story');
    expect(await page.locator('.mw-interrupted').textContent()).toMatch(/page was reloaded/);
    await waitForIdle(page);
    expect(questionsAbout('long story')).toBe(1);

    await ask(page, 'Are you still there?');
    await page.locator('.mw-answer strong', { hasText: 'listening' }).waitFor();
    const history = fake.requests.at(-1)?.body.messages ?? [];
    expect(
      history.some(
        (message) =>
          message.role === 'assistant' && JSON.stringify(message.content).includes('word25'),
      ),
    ).toBe(true);
    expect(await page.locator('.mw-answer').first().textContent()).toContain('word25');
    await expectClean(opened);
    await opened.context.close();
  });

  it('while an approval card is open: the card comes back, and approving finishes the turn', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'Which alaska airports come first?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await page.reload();
    await waitForChat(page);
    await card.waitFor({ timeout: 60_000 });
    expect(await card.locator('.cm-content').textContent()).toContain(CARD_SQL);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: 'Alaskan' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table tbody tr').count()).toBe(7);
    expect(await page.locator('.mw-call[data-tool="query"]').count()).toBe(1);
    expect(questionsAbout('alaska airports')).toBe(1);
    await expectClean(opened);
    await opened.context.close();
  });

  it('while an approved query runs: it is proposed again, not re-run, and runs once approved', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'Please count for a while');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-call[data-tool="query"][data-state="running"]').waitFor();
    await page.waitForTimeout(300);
    await page.reload();
    await waitForChat(page);

    await card.waitFor({ timeout: 60_000 });
    expect(await card.locator('.cm-content').textContent()).toContain(SLOW_SQL);
    await page.waitForTimeout(1_000);
    const states = await page
      .locator('.mw-call[data-tool="query"]')
      .evaluateAll((calls) => calls.map((call) => call.getAttribute('data-state')));
    expect(states).toEqual(['pending']);
    expect(questionsAbout('count for a while')).toBe(1);

    // The person trims the query and approves it: that, and only that, runs.
    await card.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(FAST_SQL);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: 'seven' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'success',
    );
    await expectClean(opened);
    await opened.context.close();
  });

  it('before the model said anything: the question stays, and one click gets its answer', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'A slow start, please');
    await page.locator('.mw-chat[data-status="processing"]').waitFor();
    await page.waitForTimeout(500);
    await page.reload();
    await waitForChat(page);
    expect(await page.locator('.mw-user-text').first().textContent()).toBe('A slow start, please');
    await waitForIdle(page);
    expect(await page.locator('.mw-interrupted').textContent()).toMatch(/page was reloaded/);
    await page
      .getByRole('button', { name: /Continue the interrupted answer|Retry this question/ })
      .click();
    await page.locator('.mw-answer strong', { hasText: 'slow' }).waitFor();
    await expectClean(opened);
    await opened.context.close();
  });
});

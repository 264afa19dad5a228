// Contract: a reload in the middle of a turn loses nothing. In the built app, with the fake LLM and the
// real DuckDB-WASM: a reload while the model streams (the partial answer kept and marked, the chat
// usable), while an approval card is open, while an approved query runs (proposed again, run only
// after a fresh approval), and before the model said anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  newConversation,
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

  // One booted page for the file: each test after the first starts on a New chat, and its reload
  // reopens that conversation (the one open last).
  let shared: ContractPage | undefined;
  async function open(): Promise<ContractPage> {
    if (shared) await newConversation(shared.page);
    shared ??= await openChat(browser, variant.appUrl, { endpoint: fake.url });
    return shared;
  }
  afterAll(async () => {
    await shared?.context.close();
  });

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
    const seen = (await page.locator('.mw-answer').first().textContent()) ?? '';
    await page.reload();
    await waitForChat(page);
    const answer = page.locator('.mw-answer').first();
    await answer.waitFor();
    const restored = (await answer.textContent()) ?? '';
    expect(restored).toContain('word25');
    expect(restored).not.toContain('word499');
    // Nothing the person saw is lost: streamed text is written at most 250 ms apart, and on pagehide.
    expect(restored.length).toBeGreaterThanOrEqual(seen.trim().length - 40);
    expect(await page.locator('.mw-user-text').first().textContent()).toBe('Tell me a long story');
    expect(await page.locator('.mw-interrupted').textContent()).toMatch(
      /Interrupted: the page was reloaded.*partial/,
    );
    await waitForIdle(page);
    // The model is not asked again on its own.
    await page.waitForTimeout(500);
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
  });

  it('while an approval card is open: the card comes back, and approving finishes the turn', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'Which alaska airports come first?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await page.reload();
    await waitForChat(page);
    expect(await page.locator('.mw-user-text').first().textContent()).toContain('alaska airports');
    await card.waitFor({ timeout: 60_000 });
    expect(await card.locator('.cm-content').textContent()).toContain(CARD_SQL);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: 'Alaskan' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table tbody tr').count()).toBe(7);
    expect(await page.locator('.mw-call[data-tool="query"]').count()).toBe(1);
    expect(questionsAbout('alaska airports')).toBe(1);
    await expectClean(opened);
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

    // The person trims the query (undo and redo work), then approves it from inside the editor: that,
    // and only that, runs.
    await card.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    // One input, as a paste: typed key by key, a pause past CodeMirror's 500 ms grouping on a loaded
    // machine splits the edit into two undo steps.
    await page.keyboard.insertText(FAST_SQL);
    await page.keyboard.press('Control+Z');
    expect(await card.locator('.cm-content').textContent()).toContain('range(40000000000)');
    await page.keyboard.press('Control+Y');
    expect(await card.locator('.cm-content').textContent()).toBe(FAST_SQL);
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.locator('.mw-answer strong', { hasText: 'seven' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table').count()).toBe(1);
    expect(await page.locator('.mw-call[data-tool="query"]').count()).toBe(1);
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'success',
    );
    const toolResult = JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toContain('7');
    await expectClean(opened);
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
  });
});

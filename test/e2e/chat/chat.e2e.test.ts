// The chat in the built app, against the fake LLM on loopback and the real DuckDB-WASM: the analyst,
// the visitor, deny, stop and a hostile answer (a reload mid-turn: contract/contract-reload).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  newConversation,
  openChat as openChatPage,
  type ContractPage,
} from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const QUERY =
  'SELECT name, state, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 20';
const EDITED =
  'SELECT name, state, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 5';
const HOSTILE =
  'Here: <script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"> ' +
  '[click me](javascript:window.__xss=3) <a href="javascript:window.__xss=4">raw</a> **bold**';

let fake: FakeLlm;

/** The fake LLM's last request: the tool result it ends with. */
function lastToolResult(): string {
  const messages = fake.requests.at(-1)?.body.messages ?? [];
  const content = messages.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

const script: FakeLlmScript = {
  tokenDelayMs: 5,
  rules: [
    {
      user: 'furthest north',
      reply: {
        reasoning: 'I should rank the airports by latitude.',
        text: 'Let me query the airports.',
        toolCalls: [{ name: 'query', arguments: { sql_query: QUERY } }],
      },
    },
    {
      user: 'furthest north',
      toolResult: 'map and chart tools can use',
      // A getter: the reply names the result_id the query just returned, as a real model would.
      get reply(): FakeLlmReply {
        const resultId = /result_id=(\S+)/.exec(lastToolResult())?.[1] ?? 'missing';
        return {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: {
                result_id: resultId,
                geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                title: 'Northernmost',
              },
            },
          ],
        };
      },
    },
    {
      user: 'furthest north',
      toolResult: '',
      reply: { text: 'The northernmost airports are now **drawn on the map**.', tokenDelayMs: 10 },
    },
    {
      user: 'every airport',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT * FROM airports' } }] },
    },
    {
      user: 'every airport',
      toolResult: 'declined',
      reply: { text: 'Understood: without the data I cannot list the airports.' },
    },
    {
      user: 'long story',
      reply: {
        text: Array.from({ length: 400 }, (_unused, index) => `word${index}`).join(' '),
        tokenDelayMs: 40,
      },
    },
    { user: 'hostile', reply: { text: HOSTILE } },
  ],
  fallback: { text: 'Hello again, the chat still works.' },
};

describe('the chat in the browser', () => {
  let harness: AppHarness;
  // One booted app for the file: each test starts a new conversation in it, as a person would.
  let opened: ContractPage;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([
      // The airports alone: every question here reads them or nothing, and each boot that asks
      // would otherwise load the other tables into DuckDB (the flights Parquet is 3 million rows).
      startAppHarness({ datasets: 'airports' }),
      startFakeLlm({ script }),
    ]);
    opened = await openChat();
  });
  beforeEach(async () => {
    await newConversation(opened.page);
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  const openChat = () => openChatPage(harness.browser, harness.appUrl, { endpoint: fake.url });

  it('analyst: edits and approves the SQL, sees the table, the map round and the streamed answer', async () => {
    const { page } = opened;
    await ask(opened.page, 'Which airports are furthest north?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await card.locator('.mw-proposal-description').first().textContent()).toMatch(
      /airports/i,
    );
    expect(await card.locator('.mw-model-reasoning').textContent()).toContain('rank the airports');
    expect(await card.locator('.cm-content').textContent()).toContain(QUERY);
    await card.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(EDITED);
    expect(await card.locator('.cm-content').textContent()).toContain('LIMIT 5');
    // The check follows the SQL as typed: the first query's check (up to 20 rows) or one of a
    // half-typed edit may show first, so wait for the check of the whole edit.
    await card
      .locator('.mw-preflight-rows', { hasText: /^Rows: up to 5 rows$/ })
      .waitFor({ timeout: 60_000 });
    expect(await card.locator('.mw-preflight-columns').textContent()).toContain(
      'latitude (DOUBLE)',
    );
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-result-table').waitFor();
    expect(await page.locator('.mw-result-table tbody tr').count()).toBe(5);
    await page.locator('.mw-call[data-tool="map_query_result"][data-state="success"]').waitFor();
    await page.locator('.mw-answer strong', { hasText: 'drawn on the map' }).waitFor();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    const sent = fake.requests
      .flatMap((request) => request.body.messages ?? [])
      .map((message) => JSON.stringify(message.content));
    expect(sent.some((content) => content.includes('LIMIT 5'))).toBe(true);
    // A call that went well shows a check mark; its status word is there for screen readers.
    expect(await page.locator('.mw-call[data-tool="query"] .mw-call-status').textContent()).toBe(
      'Done',
    );
    await expectClean(opened);
  });

  it('visitor: with auto-approve on, the same question completes with no card', async () => {
    const { page } = opened;
    await page.getByRole('switch').check();
    await ask(opened.page, 'Which airports are furthest north?');
    await page.locator('.mw-answer strong', { hasText: 'drawn on the map' }).waitFor();
    expect(await page.locator('.mw-approval-card').count()).toBe(0);
    expect(await page.locator('.mw-result-table').count()).toBe(1);
    await expectClean(opened);
    // Auto-approve is the session's: off again for the tests that follow in this page.
    await page.getByRole('switch').uncheck();
  });

  it('deny: the reason reaches the model, which answers without the data', async () => {
    const { page } = opened;
    await ask(opened.page, 'List every airport');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.locator('.mw-deny-reason').fill('every row is too many');
    await card.getByRole('button', { name: 'Deny query' }).click();
    await page
      .locator('.mw-answer', { hasText: 'without the data I cannot list the airports' })
      .waitFor();
    expect(lastToolResult()).toContain('every row is too many');
    expect(await page.locator('.mw-result-table').count()).toBe(0);
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'declined',
    );
    await expectClean(opened);
  });

  it('stop: the partial answer stays and the chat takes the next question', async () => {
    const { page } = opened;
    await ask(opened.page, 'Tell me a long story');
    await page.locator('.mw-answer', { hasText: 'word20' }).waitFor();
    await page.getByRole('button', { name: 'Stop the answer (Esc)' }).click();
    await page.locator('.mw-note', { hasText: 'Stopped. The answer above is partial.' }).waitFor();
    const partial = await page.locator('.mw-answer').first().textContent();
    expect(partial).toContain('word20');
    expect(partial).not.toContain('word399');
    await ask(opened.page, 'hello');
    await page.locator('.mw-answer', { hasText: 'Hello again, the chat still works.' }).waitFor();
    expect(await page.locator('.mw-answer').first().textContent()).toContain('word20');
    await expectClean(opened);
  });

  it('settings: Test connection answers clearly; conversations: new, switch back, delete', async () => {
    // A page of its own: the test counts the conversations listed.
    const opened = await openChat();
    const { page } = opened;
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.getByRole('button', { name: 'Test connection to the model' }).click();
    await page.locator('.mw-connection-report[data-ok="true"]').waitFor();
    expect(await page.locator('.mw-connection-report').textContent()).toContain(
      'Connected to fake-model',
    );
    await page.locator('.mw-endpoint').fill('http://127.0.0.1:9/v1');
    await page.getByRole('button', { name: 'Test connection to the model' }).click();
    await page.locator('.mw-connection-report[data-ok="false"]').waitFor();
    expect(await page.locator('.mw-connection-report').textContent()).toContain(
      'Cannot reach the model',
    );
    // Testing saved nothing: closing asks before the typed endpoint is dropped.
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();

    await ask(opened.page, 'hello there');
    await page.locator('.mw-answer', { hasText: 'Hello again' }).waitFor();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    expect(await page.locator('.mw-turn').count()).toBe(0);
    // A blank New chat is listed (and stored) only from its first question.
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 1);
    await sidebar.getByRole('button', { name: 'hello there' }).first().click();
    await page.locator('.mw-user-text', { hasText: 'hello there' }).waitFor();
    await page.locator('.mw-sidebar-item', { hasText: 'hello there' }).hover();
    await sidebar.getByRole('button', { name: 'Delete hello there' }).click();
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 0);
    expect(await page.locator('.mw-turn').count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  });

  it('xss: a hostile answer renders inert', async () => {
    const { page } = opened;
    await ask(opened.page, 'Say something hostile');
    await page.locator('.mw-answer strong', { hasText: 'bold' }).waitFor();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    const answer = page.locator('.mw-answer').first();
    expect(await answer.locator('script').count()).toBe(0);
    expect(await answer.locator('[onerror]').count()).toBe(0);
    expect(await answer.locator('a[href^="javascript:" i]').count()).toBe(0);
    for (const link of await answer.locator('a').all())
      await link.click({ force: true }).catch(() => undefined);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    await expectClean(opened);
  });
});

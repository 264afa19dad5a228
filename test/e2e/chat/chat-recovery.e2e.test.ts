// Recovery in the built app: a reload while the model streams keeps the partial answer (marked
// interrupted) and leaves the chat usable; a reload while an approved query runs proposes the query
// again and runs it only after a fresh approval. Fake LLM with a per-token delay, real DuckDB-WASM.
import { describe, expect, it } from 'vitest';
import { ask, openChat as openChatPage, useAppWithModel } from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

// Billions of rows: DuckDB-WASM is still counting when the page reloads.
const SLOW_SQL = 'SELECT sum(x % 7) AS total FROM range(40000000000) t(x)';
const FAST_SQL = 'SELECT 42 AS answer';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'long story',
      reply: {
        text: Array.from({ length: 600 }, (_unused, index) => `word${index}`).join(' '),
        tokenDelayMs: 40,
      },
    },
    {
      user: 'count everything',
      reply: {
        text: 'Counting.',
        toolCalls: [{ name: 'query', arguments: { sql_query: SLOW_SQL } }],
      },
    },
    {
      user: 'count everything',
      toolResult: '42',
      reply: { text: 'The answer is **forty-two**.' },
    },
  ],
  fallback: { text: 'Hello again, the chat still works.' },
};

describe('recovery after a reload', () => {
  const app = useAppWithModel(script, { airportsOnly: true });

  const openChat = () =>
    openChatPage(app.harness.browser, app.harness.appUrl, { endpoint: app.fake.url });

  const requestsAbout = (text: string): number =>
    app.fake.requests.filter((request) => {
      const messages = request.body.messages ?? [];
      const last = messages.at(-1);
      return last?.role === 'user' && JSON.stringify(last.content).includes(text);
    }).length;

  it('mid-stream: the partial answer comes back marked interrupted, and the chat takes the next question', async () => {
    const opened = await openChat();
    const { page } = opened;
    await ask(opened.page, 'Tell me a long story');
    await page.locator('.mw-answer', { hasText: 'word30' }).waitFor();
    const seen = (await page.locator('.mw-answer').first().textContent()) ?? '';
    await page.reload();
    await page.waitForSelector('#chat[data-chat-ready="true"]');

    const answer = page.locator('.mw-answer').first();
    await answer.waitFor();
    const restored = (await answer.textContent()) ?? '';
    expect(restored).toContain('word30');
    expect(restored).not.toContain('word599');
    // Nothing the person saw is lost: streamed text is written at most 250 ms apart, and on pagehide.
    expect(restored.length).toBeGreaterThanOrEqual(seen.trim().length - 40);
    expect(await page.locator('.mw-interrupted').textContent()).toMatch(
      /Interrupted: the page was reloaded.*partial/,
    );
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    // The model is not asked again on its own.
    await page.waitForTimeout(500);
    expect(requestsAbout('long story')).toBe(1);

    await ask(opened.page, 'hello');
    await page.locator('.mw-answer', { hasText: 'Hello again, the chat still works.' }).waitFor();
    const messages = app.fake.requests.at(-1)?.body.messages ?? [];
    const partial = messages.find(
      (message) =>
        message.role === 'assistant' && JSON.stringify(message.content).includes('word30'),
    );
    expect(partial).toBeDefined();
    expect(await page.locator('.mw-answer').first().textContent()).toContain('word30');
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });

  it('mid-call: the running query is proposed again after the reload and runs only when approved', async () => {
    const opened = await openChat();
    const { page } = opened;
    await ask(opened.page, 'Please count everything');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-call[data-tool="query"][data-state="running"]').waitFor();
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForSelector('#chat[data-chat-ready="true"]');

    // The same query, on a fresh card; in the timeline it waits for the person, it does not run.
    await card.waitFor({ timeout: 60_000 });
    expect(await card.locator('.cm-content').textContent()).toContain(SLOW_SQL);
    expect(
      await page.locator('.mw-call[data-tool="query"]').last().getAttribute('data-state'),
    ).toBe('pending');
    await page.waitForTimeout(1_000);
    expect(await page.locator('.mw-call[data-tool="query"][data-state="running"]').count()).toBe(0);
    expect(requestsAbout('count everything')).toBe(1);

    // The analyst edits the SQL (undo and redo work), then approves from inside the editor.
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

    await page.locator('.mw-answer strong', { hasText: 'forty-two' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table').count()).toBe(1);
    expect(await page.locator('.mw-call[data-tool="query"]').count()).toBe(1);
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'success',
    );
    const toolResult = JSON.stringify(app.fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toContain('42');
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });
});

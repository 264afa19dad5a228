// The approval card in the built app says what the model is about to do, also for a follow-up call sent
// with no text: the model's words from the round, the query's explanation argument, and, when the
// publisher turns on explainCalls.quickExplanation, the model's answer to a short second request.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../servers/static-server';
import { ask, expectClean, openChat as openChatPage, useAppWithModel } from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const COUNT = 'SELECT count(*) AS airports FROM airports';
const FOLLOW_UP = 'SELECT name, state FROM airports WHERE state = $$AK$$ ORDER BY name LIMIT 3';
const EXPLANATION = 'Lists a few Alaskan airports to name them in the answer.';
const TEXAS = 'SELECT count(*) AS airports FROM airports WHERE state = $$TX$$';
const ASKED = 'Counts the airports in Texas, so the answer can say how many there are.';

const script: FakeLlmScript = {
  rules: [
    // The quick explanation's request (only with the switch on): it must come before the question's rules,
    // since it quotes the question.
    {
      user: 'say for the person what this query does and why',
      reply: { text: ASKED },
    },
    // A call with no text and no explanation argument.
    { user: 'texas', reply: { toolCalls: [{ name: 'query', arguments: { sql_query: TEXAS } }] } },
    { user: 'texas', toolResult: '', reply: { text: 'Texas has a few airports.' } },
    {
      user: 'alaska',
      reply: {
        text: 'I will count the airports first.',
        toolCalls: [{ name: 'query', arguments: { sql_query: COUNT } }],
      },
    },
    {
      user: 'alaska',
      // The count's result: its one column is named airports (the follow-up's are name and state).
      toolResult: { regex: '^airports \\(', flags: 'm' },
      // The follow-up comes with no text at all, only the explanation argument.
      reply: {
        toolCalls: [
          { name: 'query', arguments: { sql_query: FOLLOW_UP, explanation: EXPLANATION } },
        ],
      },
    },
    { user: 'alaska', toolResult: '', reply: { text: 'Alaska has a few airports.' } },
  ],
};

describe('the approval card explains each call', () => {
  const app = useAppWithModel(script);

  it('shows the model’s words, then the explanation of a follow-up call that came with no text', async () => {
    const opened = await openChatPage(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    const { page } = opened;
    await ask(page, 'Which airports are in Alaska?');
    const first = page.locator('.mw-approval-card').first();
    await first.waitFor();
    expect(await first.locator('.mw-model-words').textContent()).toContain(
      'The model says:I will count the airports first.',
    );
    await first.getByRole('button', { name: 'Approve query' }).click();
    const explanation = page.locator('.mw-approval-card .mw-call-explanation');
    await explanation.waitFor({ timeout: 60_000 });
    expect(await explanation.textContent()).toContain(EXPLANATION);
    const followUp = page.locator('.mw-approval-card', {
      has: page.locator('.mw-call-explanation'),
    });
    expect(await followUp.locator('.mw-proposal-description').textContent()).not.toContain(
      'Alaskan',
    );
    await followUp.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    // The prompt rule is on by default: every request's system prompt asks for the sentence.
    const system = JSON.stringify(app.fake.requests[0]?.body.messages?.[0]?.content);
    expect(system).toContain('Before every call that needs approval');
    await expectClean(opened);
    await opened.context.close();
  });

  it('shows the model’s quick explanation of a call that came with no words, when the publisher asks for it', async () => {
    const config = JSON.parse(readFileSync(join(distDir, 'app-config.json'), 'utf8')) as {
      explainCalls?: Record<string, boolean>;
    };
    config.explainCalls = { ...config.explainCalls, quickExplanation: true };
    const before = app.fake.requests.length;
    const opened = await openChatPage(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      beforeLoad: async (page) => {
        await page.route('**/app-config.json', (route) =>
          route.fulfill({ body: JSON.stringify(config), contentType: 'application/json' }),
        );
      },
    });
    const { page } = opened;
    await ask(page, 'How many airports are in Texas?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    const asked = card.locator('.mw-asked-explanation');
    await asked.waitFor();
    expect(await asked.textContent()).toContain(ASKED);
    expect(await asked.textContent()).toContain('asked for afterwards');
    await mkdir('test-results', { recursive: true });
    await card.screenshot({ path: join('test-results', 'approval-quick-explanation.png') });
    // Told apart from the card's own description, which stays computed from the SQL.
    expect(await card.locator('.mw-proposal-description').textContent()).not.toContain(
      'so the answer',
    );
    const requests = app.fake.requests.slice(before);
    // The question, then one short request with no tools, the SQL in it and a small limit on its answer.
    expect(requests).toHaveLength(2);
    const side = requests[1]?.body;
    expect(side?.tools ?? []).toEqual([]);
    expect(side?.max_tokens).toBeLessThanOrEqual(300);
    expect(JSON.stringify(side?.messages)).toContain('state = $$TX$$');
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    const after = app.fake.requests.slice(before + 2);
    expect(after).toHaveLength(1);
    // The answer to the side request is the card's, not the conversation's: the model never reads it back.
    expect(JSON.stringify(after[0]?.body.messages)).not.toContain(ASKED);
    await expectClean(opened);
    await opened.context.close();
  });
});

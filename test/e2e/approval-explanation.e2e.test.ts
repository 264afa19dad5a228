// The approval card in the built app says what the model is about to do, also for a follow-up call sent
// with no text: the model's words from the round, and the query's explanation argument.
import { describe, expect, it } from 'vitest';
import { ask, expectClean, openChat as openChatPage, useAppWithModel } from './chat-page';
import type { FakeLlmScript } from '../servers/fake-llm/fake-llm-script';

const COUNT = 'SELECT count(*) AS airports FROM airports';
const FOLLOW_UP = 'SELECT name, state FROM airports WHERE state = $$AK$$ ORDER BY name LIMIT 3';
const EXPLANATION = 'Lists a few Alaskan airports to name them in the answer.';

const script: FakeLlmScript = {
  rules: [
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
});

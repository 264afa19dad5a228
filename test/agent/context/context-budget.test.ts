// The context budget: past the model's token budget the oldest turns are left out whole, the model reads
// a note where they were, the current turn always goes, and the person is told once.
import { describe, expect, it } from 'vitest';
import { fitTurnMessages, messagesTokens } from '../../../src/agent/context/context-window';
import { estimateTokens } from '../../../src/agent/context/token-estimate';
import { contextBudgetFor, contextWindowOf } from '../../../src/providers/context-budget';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, ofType } from '../fakes';
import type { Message } from '../../../src/agent/types';

/** A question and a 700-character answer: about 205 tokens each turn. */
function turns(count: number): Message[] {
  return Array.from({ length: count }, (_, index): Message[] => [
    { role: 'user', content: `question ${index + 1}` },
    { role: 'assistant', content: `answer ${index + 1} ${'x'.repeat(700)}` },
  ]).flat();
}

const policy = { recentTurns: 3, toolResultChars: 8_000, budgetTokens: 2_000 };

describe('the context budget', () => {
  it('sends everything while it fits', () => {
    const fitted = fitTurnMessages('System.', turns(5), policy);
    expect(fitted.droppedTurns).toBe(0);
    expect(fitted.messages).toHaveLength(11);
  });

  it('leaves out the fewest oldest turns that make it fit, and says so in the first kept question', () => {
    const history = [...turns(30), { role: 'user' as const, content: 'the current question' }];
    const fitted = fitTurnMessages('System.', history, policy);
    expect(fitted.droppedTurns).toBeGreaterThan(0);
    expect(messagesTokens(fitted.messages)).toBeLessThanOrEqual(2_000);
    // One turn fewer dropped would not fit.
    const kept = fitted.messages.filter((message) => message.role === 'user');
    expect(kept[0]?.content).toMatch(
      new RegExp(`^\\(The first ${fitted.droppedTurns} turns of this conversation were left out`),
    );
    expect(kept[0]?.content).toContain(`question ${fitted.droppedTurns + 1}`);
    expect(fitted.messages.at(-1)).toEqual({ role: 'user', content: 'the current question' });
    expect(fitted.messages[0]).toEqual({ role: 'system', content: 'System.' });
    const oneFewer = fitTurnMessages('System.', history.slice(2 * (fitted.droppedTurns - 1)), {
      ...policy,
      budgetTokens: undefined,
    });
    expect(messagesTokens(oneFewer.messages)).toBeGreaterThan(2_000);
  });

  it('counts the tool list against the budget', () => {
    const history = turns(6);
    expect(fitTurnMessages('System.', history, policy).droppedTurns).toBe(0);
    expect(fitTurnMessages('System.', history, policy, [], 1_500).droppedTurns).toBeGreaterThan(0);
  });

  it('always sends the current turn, even when it alone is over budget', () => {
    const history: Message[] = [
      ...turns(2),
      { role: 'user', content: `huge ${'y'.repeat(20_000)}` },
    ];
    const fitted = fitTurnMessages('System.', history, policy);
    expect(fitted.droppedTurns).toBe(2);
    expect(fitted.messages.at(-1)?.content).toContain('huge');
  });

  it('is flat past the budget: 50 and 200 turns send about the same', () => {
    const sent = (count: number) =>
      JSON.stringify(fitTurnMessages('System.', turns(count), policy).messages).length;
    expect(Math.abs(sent(200) - sent(50))).toBeLessThan(400);
  });

  it('without summaries, tells the person once per turn, and the model reads the note, not the dropped turns', async () => {
    const seen: Message[][] = [];
    const model = createScriptedModel([
      { expect: (request) => void seen.push(request.messages), text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], {
      history: turns(40),
      limits: { contextTokens: 2_000 },
      contextSummaries: false,
    });
    const { events } = await finish(agent.send('and now?'));
    const trimmed = ofType(events, 'context-trimmed');
    expect(trimmed).toHaveLength(1);
    expect(trimmed[0]?.budgetTokens).toBe(2_000);
    const sent = JSON.stringify(seen[0]);
    expect(sent).not.toContain('question 1 ');
    expect(sent).toContain('were left out to fit the context');
    expect(estimateTokens(sent)).toBeLessThan(2_600);
    // The stored history keeps every turn; only the request was trimmed.
    expect(agent.history.filter((message) => message.role === 'user')).toHaveLength(41);
  });
});

describe('the default budget per model', () => {
  it("is the known window less the answer's room, at most 32,000 tokens, unless configured", () => {
    expect(contextWindowOf('anthropic', 'claude-sonnet-4-5')).toBe(200_000);
    expect(contextBudgetFor('anthropic', 'claude-sonnet-4-5')).toBe(32_000);
    expect(contextBudgetFor('local', 'qwen2.5:7b')).toBe(6_144);
    expect(contextBudgetFor('local', 'qwen2.5:7b', undefined, 32_768)).toBe(24_576);
    expect(contextBudgetFor('local', 'qwen2.5:7b', undefined, 4_096)).toBe(2_048);
    expect(contextBudgetFor('openai', 'gpt-3.5-turbo')).toBe(12_000);
    expect(contextBudgetFor('openai', 'gpt-4o', 12_345)).toBe(12_345);
  });
});

import { describe, expect, it } from 'vitest';
import { buildTurnMessages } from '../../../src/agent/context/context-window';
import type { Message } from '../../../src/agent/types';

function turn(index: number, toolContent = 'r'.repeat(50)): Message[] {
  return [
    { role: 'user', content: `question ${index}` },
    {
      role: 'assistant',
      content: `looking ${index}`,
      reasoning: 'private',
      toolCalls: [{ id: `c${index}`, name: 'query', arguments: {} }],
    },
    { role: 'tool', toolCallId: `c${index}`, name: 'query', content: toolContent },
    { role: 'assistant', content: `answer ${index}` },
  ];
}

describe('the context window', () => {
  const history = [1, 2, 3, 4].flatMap((index) => turn(index, 'r'.repeat(500)));
  const messages = buildTurnMessages('System.', history, { recentTurns: 2, toolResultChars: 200 });

  it('puts the system prompt first, byte for byte', () => {
    expect(messages[0]).toEqual({ role: 'system', content: 'System.' });
    const again = buildTurnMessages('System.', [...history, { role: 'user', content: 'more' }], {
      recentTurns: 2,
      toolResultChars: 200,
    });
    expect(JSON.stringify(again[0])).toBe(JSON.stringify(messages[0]));
  });

  it('sends older turns as text only', () => {
    expect(messages.slice(1, 5)).toEqual([
      { role: 'user', content: 'question 1' },
      { role: 'assistant', content: 'looking 1\n\nanswer 1' },
      { role: 'user', content: 'question 2' },
      { role: 'assistant', content: 'looking 2\n\nanswer 2' },
    ]);
  });

  it('sends recent turns whole with each tool result bounded and no reasoning', () => {
    const recent = messages.slice(5);
    expect(recent.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const tool = recent.find((message) => message.role === 'tool');
    expect(tool?.content.length).toBeLessThanOrEqual(200);
    expect(tool?.content).toContain('Truncated');
    expect(recent.some((message) => message.role === 'assistant' && 'reasoning' in message)).toBe(
      false,
    );
  });

  it('does not change the stored history', () => {
    expect(history[2]).toMatchObject({ content: 'r'.repeat(500) });
    expect(history[1]).toMatchObject({ reasoning: 'private' });
  });
});

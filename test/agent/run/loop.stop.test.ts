import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, delay, finish, localTool, mcpTool, pendingGate } from '../fakes';
import type { Message } from '../../../src/agent/types';

/** Every tool call in the history has exactly one result after it. */
function expectConsistent(history: readonly Message[]): void {
  const calls = history.flatMap((message) =>
    message.role === 'assistant' ? (message.toolCalls ?? []) : [],
  );
  const results = history
    .filter((message) => message.role === 'tool')
    .map((message) => message.toolCallId);
  expect(results.sort()).toEqual(calls.map((call) => call.id).sort());
}

describe('stop', () => {
  it('during the stream keeps the partial text, marked interrupted', async () => {
    const model = createScriptedModel([
      {
        text: 'The strongest quakes were',
        events: [
          { type: 'delay', ms: 5_000 },
          { type: 'text-delta', text: ' never seen' },
        ],
      },
    ]);
    const agent = createAgent(model);
    const handle = agent.send('Strongest?');
    setTimeout(() => agent.abort(), 30);
    const started = performance.now();
    const { result } = await finish(handle);

    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ outcome: 'aborted', text: 'The strongest quakes were' });
    expect(agent.history.at(-1)).toEqual({
      role: 'assistant',
      content: 'The strongest quakes were',
      interrupted: true,
    });
    expect(agent.status).toBe('idle');
    expect(agent.pendingTurn).toBeUndefined();
  });

  it('during a tool aborts it and stores a cancelled result for every call', async () => {
    let toolSignal: AbortSignal | undefined;
    const slow = localTool('slow', async (_args, context) => {
      toolSignal = context.signal;
      await delay(5_000, context.signal);
      return { content: 'late' };
    });
    const fast = localTool('fast', () => ({ content: 'fast ok' }));
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'slow', arguments: {} },
          { name: 'fast', arguments: {} },
        ],
      },
    ]);
    const agent = createAgent(model, [slow, fast]);
    const handle = agent.send('go');
    setTimeout(() => agent.abort(), 30);
    const { result } = await finish(handle);

    expect(result.outcome).toBe('aborted');
    expect(toolSignal?.aborted).toBe(true);
    expectConsistent(agent.history);
    const results = agent.history.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.content)).toEqual([
      expect.stringContaining('cancelled'),
      'fast ok',
    ]);
    model.assertAllUsed();
  });

  it('while an approval is pending cancels the proposed call', async () => {
    const query = mcpTool('duckdb', 'query');
    const model = createScriptedModel([{ toolCalls: [{ name: 'query', arguments: {} }] }]);
    const agent = createAgent(model, [query], { approvalGate: pendingGate });
    const handle = agent.send('go');
    setTimeout(() => agent.abort(), 20);
    const { result } = await finish(handle);

    expect(result.outcome).toBe('aborted');
    expect(query.calls).toEqual([]);
    expectConsistent(agent.history);
    expect(agent.history.at(-1)).toMatchObject({
      role: 'tool',
      isError: true,
      content: expect.stringContaining('cancelled'),
    });
  });

  it('lets the next message start a fresh turn', async () => {
    const model = createScriptedModel([{ delayMs: 5_000, text: 'never' }, { text: 'fresh' }]);
    const agent = createAgent(model);
    const first = agent.send('one');
    setTimeout(() => agent.abort(), 20);
    await first.result;
    const { result } = await finish(agent.send('two'));
    expect(result.text).toBe('fresh');
    expect(agent.history.map((message) => message.role)).toEqual(['user', 'user', 'assistant']);
  });
});

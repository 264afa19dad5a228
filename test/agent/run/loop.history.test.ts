import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, delay, finish, localTool } from '../fakes';
import type { AgentState, Message } from '../../../src/agent/types';

/** True when no two messages in a row have the same role among user and assistant. */
function alternates(messages: readonly Message[]): boolean {
  return messages.every(
    (message, index) =>
      index === 0 ||
      message.role === 'tool' ||
      message.role !== messages[index - 1]?.role ||
      message.role === 'system',
  );
}

describe('history kept usable across failures and reloads', () => {
  it('after a failed turn, the next message reaches the model without two user messages in a row', async () => {
    const model = createScriptedModel([
      { error: Object.assign(new Error('HTTP 400'), { status: 400 }) },
      {
        expect: (request) => {
          expect(alternates(request.messages)).toBe(true);
          expect(request.messages.at(-1)).toEqual({
            role: 'user',
            content: 'Where are the quakes?\n\nAnd the strongest?',
          });
        },
        text: 'Here.',
      },
    ]);
    const agent = createAgent(model);
    expect((await finish(agent.send('Where are the quakes?'))).result.outcome).toBe('failed');
    const { result } = await finish(agent.send('And the strongest?'));
    expect(result).toMatchObject({ outcome: 'completed', text: 'Here.' });
    // The person saw two messages; the history keeps both as they were typed.
    expect(agent.history.filter((message) => message.role === 'user')).toEqual([
      { role: 'user', content: 'Where are the quakes?' },
      { role: 'user', content: 'And the strongest?' },
    ]);
    model.assertAllUsed();
  });

  it('does not send an interrupted answer that had only reasoning as an empty assistant message', async () => {
    const model = createScriptedModel([
      { reasoning: 'Let me think', events: [{ type: 'delay', ms: 5_000 }] },
      {
        expect: (request) => {
          expect(request.messages.map((message) => message.role)).toEqual(['system', 'user']);
        },
        text: 'Fresh.',
      },
    ]);
    const agent = createAgent(model);
    const first = agent.send('one');
    setTimeout(() => agent.abort(), 30);
    await first.result;
    expect((await finish(agent.send('two'))).result.text).toBe('Fresh.');
    model.assertAllUsed();
  });

  it('stores a finished result at once even while an earlier call still runs, in call order', async () => {
    const written: AgentState[] = [];
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'slow', arguments: {} },
          { name: 'fast', arguments: {} },
        ],
      },
    ]);
    const slow = localTool('slow', (_args, context) =>
      delay(5_000, context.signal).then(() => ({ content: 'slow ok' })),
    );
    const fast = localTool('fast', () => ({ content: 'fast ok' }));
    const agent = createAgent(model, [slow, fast], {
      onState: (state) => written.push(structuredClone(state)),
    });
    const handle = agent.send('go');
    await delay(40);
    const saved = written.at(-1) as AgentState; // the page closes here
    agent.abort();
    await handle.result;

    expect(saved.pendingTurn?.phase).toBe('tool-calls');
    expect(saved.history.at(-1)).toMatchObject({ role: 'tool', content: 'fast ok' });

    // Continued after the reload, nothing runs again without the person: the unfinished call is
    // cancelled, the finished one kept, and the model reads them in call order.
    const slowAgain = localTool('slow', () => ({ content: 'slow ok' }));
    const fastAgain = localTool('fast', () => ({ content: 'fast again' }));
    const next = createScriptedModel([{ text: 'Both done.' }]);
    const restored = createAgent(next, [slowAgain, fastAgain], { state: saved });
    await finish(restored.resume());
    expect(slowAgain.calls).toHaveLength(0);
    expect(fastAgain.calls).toHaveLength(0);
    expect(
      restored.history.filter((message) => message.role === 'tool').map((m) => m.content),
    ).toEqual(['Tool call cancelled: the page was closed before it finished.', 'fast ok']);
    next.assertAllUsed();
  });

  it('keeps call order when a reloaded turn is abandoned after a later call had finished', async () => {
    const written: AgentState[] = [];
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'slow', arguments: {} },
          { name: 'fast', arguments: {} },
        ],
      },
    ]);
    const slow = localTool('slow', (_args, context) =>
      delay(5_000, context.signal).then(() => ({ content: 'late' })),
    );
    const agent = createAgent(model, [slow, localTool('fast')], {
      onState: (state) => written.push(structuredClone(state)),
    });
    const handle = agent.send('go');
    await delay(40);
    const saved = written.at(-1) as AgentState;
    agent.abort();
    await handle.result;

    const next = createScriptedModel([{ text: 'Sure.' }]);
    const restored = createAgent(next, [], { state: saved });
    await finish(restored.send('Never mind'));
    const results = restored.history.flatMap((message) =>
      message.role === 'tool' ? [`${message.name}: ${message.content}`] : [],
    );
    expect(results).toEqual([expect.stringMatching(/^slow: .*cancelled/), 'fast: fast done']);
  });
});

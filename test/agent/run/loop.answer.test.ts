import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, localTool, ofType } from '../fakes';

describe('a turn that ends with an answer', () => {
  it('streams the answer to the UI and stores it in the history', async () => {
    const model = createScriptedModel([{ text: ['The strongest ', 'was M7.1.'] }]);
    const agent = createAgent(model);
    const { events, result } = await finish(agent.send('Strongest earthquake?'));

    expect(result).toMatchObject({
      outcome: 'completed',
      finishReason: 'stop',
      text: 'The strongest was M7.1.',
      rounds: 1,
    });
    expect(ofType(events, 'text-delta').map((event) => event.text)).toEqual([
      'The strongest ',
      'was M7.1.',
    ]);
    expect(events[0]?.type).toBe('turn-start');
    expect(events.at(-1)?.type).toBe('turn-end');
    expect(agent.history).toEqual([
      { role: 'user', content: 'Strongest earthquake?' },
      { role: 'assistant', content: 'The strongest was M7.1.' },
    ]);
    expect(agent.status).toBe('idle');
    model.assertAllUsed();
  });

  it('sends the system prompt first and the tool specs in a stable order', async () => {
    const model = createScriptedModel([
      {
        expect: (request) => {
          expect(request.messages[0]).toEqual({ role: 'system', content: 'You are Mapwright.' });
          expect(request.tools?.map((tool) => tool.name)).toEqual(['a_tool', 'b_tool']);
        },
        text: 'ok',
      },
    ]);
    const agent = createAgent(model, [localTool('b_tool'), localTool('a_tool')]);
    const { result } = await finish(agent.send('hi'));
    expect(result.outcome).toBe('completed');
    model.assertAllUsed();
  });

  it('reports the statuses processing then idle, each event carrying the run id', async () => {
    const agent = createAgent(createScriptedModel([{ text: 'ok' }]));
    const handle = agent.send('hi');
    const { events } = await finish(handle);
    expect(ofType(events, 'status').map((event) => event.status)).toEqual(['processing', 'idle']);
    expect(events.every((event) => event.runId === handle.runId)).toBe(true);
  });

  it('fails with a ModelBehaviorError when the model answers nothing', async () => {
    const agent = createAgent(createScriptedModel([{}]));
    const { result, events } = await finish(agent.send('hi'));
    expect(result.outcome).toBe('failed');
    expect(result.error?.name).toBe('ModelBehaviorError');
    expect(ofType(events, 'turn-error')).toHaveLength(1);
    expect(agent.status).toBe('failed');
  });

  it('refuses a second send while a turn runs', async () => {
    const agent = createAgent(createScriptedModel([{ delayMs: 20, text: 'ok' }]));
    const handle = agent.send('one');
    expect(() => agent.send('two')).toThrow(/while a turn is running/);
    await handle.result;
  });
});

import { describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedStep } from '../../../src/testing/scripted-model';
import { createAgent, delay, finish, localTool, ofType } from '../fakes';

const toolRound: ScriptedStep = { toolCalls: [{ name: 'step', arguments: {} }] };

describe('limits', () => {
  it('at the round limit asks for a progress summary without tools, checkpoints, and resumes', async () => {
    const step = localTool('step');
    const model = createScriptedModel([
      toolRound,
      toolRound,
      {
        expect: (request) => {
          expect(request.tools).toBeUndefined();
          expect(request.messages.at(-1)?.content).toContain('limit of 2 tool rounds');
        },
        text: 'So far I took two steps.',
      },
      {
        expect: (request) =>
          expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'Continue.' }),
        text: 'Finished.',
      },
    ]);
    const agent = createAgent(model, [step], { limits: { maxRounds: 2 } });
    const { events, result } = await finish(agent.send('go'));

    expect(result).toMatchObject({
      outcome: 'checkpoint',
      finishReason: 'length',
      text: 'So far I took two steps.',
      rounds: 2,
    });
    expect(ofType(events, 'turn-end')[0]).toMatchObject({
      outcome: 'checkpoint',
      finishReason: 'length',
    });
    expect(agent.pendingTurn).toMatchObject({ phase: 'checkpoint', limit: 'rounds' });
    expect(agent.status).toBe('idle');
    expect(step.calls).toHaveLength(2);

    const resumed = await finish(agent.resume());
    expect(resumed.result).toMatchObject({ outcome: 'completed', text: 'Finished.' });
    expect(agent.pendingTurn).toBeUndefined();
    model.assertAllUsed();
  });

  it('clamps the round limit to 1..50', async () => {
    const model = createScriptedModel([toolRound, { text: 'summary' }]);
    const { result } = await finish(
      createAgent(model, [localTool('step')], { limits: { maxRounds: 0 } }).send('go'),
    );
    expect(result).toMatchObject({ outcome: 'checkpoint', rounds: 1 });
    model.assertAllUsed();
  });

  it('at the deadline cancels the running tool, summarises, and checkpoints', async () => {
    const slow = localTool('slow', (_args, context) =>
      delay(5_000, context.signal).then(() => ({ content: 'late' })),
    );
    const model = createScriptedModel([
      { toolCalls: [{ name: 'slow', arguments: {} }] },
      {
        expect: (request) => expect(request.messages.at(-1)?.content).toContain('time limit'),
        text: 'Ran out of time.',
      },
    ]);
    const agent = createAgent(model, [slow], { limits: { deadlineMs: 80 } });
    const started = performance.now();
    const { result } = await finish(agent.send('go'));

    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ outcome: 'checkpoint', text: 'Ran out of time.' });
    expect(agent.pendingTurn).toMatchObject({ phase: 'checkpoint', limit: 'deadline' });
    const toolMessage = agent.history.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toContain('time limit');
    model.assertAllUsed();
  });

  it('races the deadline against a model stream that hangs', async () => {
    const model = createScriptedModel([
      { text: 'Thinking', events: [{ type: 'delay', ms: 5_000 }] },
      { text: 'Summary.' },
    ]);
    const agent = createAgent(model, [], { limits: { deadlineMs: 60 } });
    const { result } = await finish(agent.send('go'));
    expect(result.outcome).toBe('checkpoint');
    expect(agent.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
    ]);
    expect(agent.history[1]).toMatchObject({ content: 'Thinking', interrupted: true });
  });
});

import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../src/testing/scripted-model';
import type { ModelEvent } from '../../src/agent/types';

async function drain(stream: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const request = { messages: [] };
const signal = new AbortController().signal;

describe('the scripted model', () => {
  it('plays reasoning, text and tool calls, then a finish', async () => {
    const model = createScriptedModel([
      { reasoning: 'hm', text: ['a', 'b'], toolCalls: [{ name: 't', arguments: {} }] },
    ]);
    expect(await drain(model.stream(request, signal))).toEqual([
      { type: 'reasoning-delta', text: 'hm' },
      { type: 'text-delta', text: 'a' },
      { type: 'text-delta', text: 'b' },
      { type: 'tool-call', call: { id: 'call_0_0', name: 't', arguments: {} } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
  });

  it('throws loudly on an unexpected extra call', () => {
    const model = createScriptedModel([]);
    expect(() => model.stream(request, signal)).toThrow(/unexpected call 1/);
    expect(() => model.assertAllUsed()).toThrow(/unexpected call/);
  });

  it('reports unused steps', async () => {
    const model = createScriptedModel([{ text: 'one' }, { text: 'two' }]);
    await drain(model.stream(request, signal));
    expect(() => model.assertAllUsed()).toThrow(/1 of 2 scripted step\(s\) were never used/);
  });

  it('reports a failed request assertion even when the caller swallowed it', async () => {
    const model = createScriptedModel([{ expect: () => expect(1).toBe(2), text: 'x' }]);
    await drain(model.stream(request, signal)).catch(() => undefined);
    expect(() => model.assertAllUsed()).toThrow(/request assertion failed/);
  });

  it('throws the scripted error after the events before it', async () => {
    const model = createScriptedModel([{ text: 'partial', error: new Error('boom') }]);
    const seen: ModelEvent[] = [];
    await expect(async () => {
      for await (const event of model.stream(request, signal)) seen.push(event);
    }).rejects.toThrow('boom');
    expect(seen).toEqual([{ type: 'text-delta', text: 'partial' }]);
  });

  it('stops a scripted delay when the signal aborts', async () => {
    const controller = new AbortController();
    const model = createScriptedModel([{ delayMs: 10_000, text: 'late' }]);
    setTimeout(() => controller.abort(), 10);
    await expect(drain(model.stream(request, controller.signal))).rejects.toThrow(/aborted/);
  });
});

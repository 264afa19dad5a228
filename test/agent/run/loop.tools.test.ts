import { describe, expect, it, vi } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, delay, finish, localTool, ofType, sqlSchema } from '../fakes';

describe('tool rounds', () => {
  it('runs a tool, returns its result to the model, and stores call and result in order', async () => {
    const zoom = localTool('zoom_to', () => ({ content: 'zoomed to Chile' }));
    const model = createScriptedModel([
      { text: 'Zooming.', toolCalls: [{ name: 'zoom_to', arguments: { place: 'Chile' } }] },
      {
        expect: (request) => {
          expect(request.messages.at(-1)).toMatchObject({
            role: 'tool',
            content: 'zoomed to Chile',
          });
        },
        text: 'Done.',
      },
    ]);
    const agent = createAgent(model, [zoom]);
    const { events, result } = await finish(agent.send('Show Chile'));

    expect(result).toMatchObject({ outcome: 'completed', text: 'Done.', rounds: 2 });
    expect(zoom.calls).toEqual([{ place: 'Chile' }]);
    expect(agent.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(ofType(events, 'tool-call-end')[0]).toMatchObject({
      status: 'success',
      callIndex: 0,
      round: 0,
    });
    expect(ofType(events, 'status').map((event) => event.status)).toEqual([
      'processing',
      'tool_loop',
      'processing',
      'idle',
    ]);
    model.assertAllUsed();
  });

  it('runs the calls of one round in parallel and stores results in call order', async () => {
    // Each call waits until the test lets it finish, so the order does not hang on timers: all four
    // must have started before any is let go (one at a time, the second would never start), and they
    // finish in an order of the test's choosing.
    const started: string[] = [];
    const finishCall = new Map<string, () => void>();
    const gated = (name: string) =>
      localTool(
        name,
        () =>
          new Promise<{ content: string }>((resolve) => {
            started.push(name);
            finishCall.set(name, () => resolve({ content: `${name} ok` }));
          }),
      );
    const tools = ['first', 'second', 'third', 'fourth'].map(gated);
    const model = createScriptedModel([
      { toolCalls: tools.map((tool) => ({ name: tool.name, arguments: {} })) },
      { text: 'All done.' },
    ]);
    const agent = createAgent(model, tools);
    const running = finish(agent.send('go'));
    await vi.waitFor(() => expect(started).toHaveLength(4));
    for (const name of ['fourth', 'second', 'third', 'first']) {
      finishCall.get(name)!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { events } = await running;

    expect(ofType(events, 'tool-call-end').map((event) => event.call.name)).toEqual([
      'fourth',
      'second',
      'third',
      'first',
    ]);
    const stored = agent.history
      .filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(stored).toEqual(['first ok', 'second ok', 'third ok', 'fourth ok']);
  });

  it('returns an unknown tool to the model as an error naming the available tools', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'fly_to', arguments: {} }] },
      {
        expect: (request) => {
          const last = request.messages.at(-1);
          expect(last).toMatchObject({ role: 'tool', isError: true });
          expect(last?.content).toContain('Unknown tool "fly_to"');
          expect(last?.content).toContain('zoom_to');
        },
        text: 'Sorry.',
      },
    ]);
    const { result } = await finish(createAgent(model, [localTool('zoom_to')]).send('go'));
    expect(result.outcome).toBe('completed');
    model.assertAllUsed();
  });

  it('returns invalid arguments to the model listing the violations, without running the tool', async () => {
    const query = localTool('query', () => ({ content: 'rows' }), sqlSchema);
    const model = createScriptedModel([
      { toolCalls: [{ name: 'query', arguments: { sql: 42, limit: 5 } }] },
      {
        expect: (request) => {
          const content = request.messages.at(-1)?.content ?? '';
          expect(content).toContain('Invalid arguments for "query"');
          expect(content).toMatch(/\/sql: .*Expected "string"/);
          expect(content).toContain('/limit');
        },
        text: 'Let me fix that.',
      },
    ]);
    await finish(createAgent(model, [query]).send('go'));
    expect(query.calls).toEqual([]);
    model.assertAllUsed();
  });

  it('turns arguments the provider could not parse into an error result', async () => {
    const query = localTool('query');
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'query', arguments: {}, argumentsError: 'Unexpected end of JSON input' },
        ],
      },
      {
        expect: (request) =>
          expect(request.messages.at(-1)?.content).toContain('Unexpected end of JSON input'),
        text: 'ok',
      },
    ]);
    await finish(createAgent(model, [query]).send('go'));
    expect(query.calls).toEqual([]);
    model.assertAllUsed();
  });

  it('times a slow tool out with an error result and goes on with the loop', async () => {
    const stuck = localTool('stuck', (_args, context) =>
      delay(5_000, context.signal).then(() => ({ content: 'late' })),
    );
    const model = createScriptedModel([
      { toolCalls: [{ name: 'stuck', arguments: {} }] },
      {
        expect: (request) =>
          expect(request.messages.at(-1)?.content).toBe('Tool execution timed out after 50 ms'),
        text: 'It timed out.',
      },
    ]);
    const agent = createAgent(model, [stuck], { limits: { toolTimeoutMs: 50 } });
    const { events, result } = await finish(agent.send('go'));
    expect(result.outcome).toBe('completed');
    const end = ofType(events, 'tool-call-end')[0];
    expect(end?.status).toBe('timeout');
    expect(end?.error?.name).toBe('ToolTimeoutError');
    model.assertAllUsed();
  });

  it('bounds a long tool result for the model, and the timeline reads what the model read', async () => {
    const big = 'x'.repeat(5_000);
    const tool = localTool('rows', () => ({ content: big }));
    const model = createScriptedModel([
      { toolCalls: [{ name: 'rows', arguments: {} }] },
      {
        expect: (request) => {
          const content = request.messages.at(-1)?.content ?? '';
          expect(content.length).toBeLessThanOrEqual(1_000);
          expect(content).toMatch(/of 5000 characters; \d+ characters were cut/);
        },
        text: 'ok',
      },
    ]);
    const { events } = await finish(
      createAgent(model, [tool], { limits: { toolResultChars: 1_000 } }).send('go'),
    );
    const ended = ofType(events, 'tool-call-end')[0]?.result;
    expect(ended?.content.length).toBeLessThanOrEqual(1_000);
    expect(ended?.data).toBeUndefined();
    model.assertAllUsed();
  });
});

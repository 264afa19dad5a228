import { describe, expect, it } from 'vitest';
import { parseAgentSnapshot } from '../../../src/agent/run/agent-snapshot';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, localTool, mcpTool } from '../fakes';
import type { AgentState, Interruption } from '../../../src/agent/types';

/** Runs a turn until it stops to ask, and returns what storage holds then (as JSON text read back). */
async function storedWhileWaiting(): Promise<{ state: AgentState; interruption: Interruption }> {
  const written: string[] = [];
  const model = createScriptedModel([
    {
      reasoning: 'Zoom, then count.',
      toolCalls: [
        { name: 'zoom_to', arguments: { place: 'Chile' } },
        { name: 'query', arguments: { sql: 'SELECT 1' } },
      ],
    },
  ]);
  const agent = createAgent(
    model,
    [localTool('zoom_to', () => ({ content: 'zoomed' })), mcpTool('duckdb', 'query')],
    { onState: (state) => written.push(JSON.stringify(state)) },
  );
  const { result } = await finish(agent.send('Show Chile and count'));
  expect(result.outcome).toBe('interrupted');
  expect(agent.agent.running).toBe(false);
  return {
    state: JSON.parse(written.at(-1) ?? 'null') as AgentState,
    interruption: JSON.parse(JSON.stringify(result.interruption)) as Interruption,
  };
}

describe('a turn that waits for the person, as data', () => {
  it('ends the run with the interruption: automatic calls done, the proposal and the budget stored', async () => {
    const { state, interruption } = await storedWhileWaiting();
    expect(state.status).toBe('tool_loop');
    // The interruption is the one record of the wait: the state keeps no pending turn beside it.
    expect(state.pendingTurn).toBeUndefined();
    expect(state.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(interruption.proposal.calls.map((call) => call.call.name)).toEqual(['query']);
    expect(interruption.proposal.reasoning).toBe('Zoom, then count.');
    expect(interruption.rounds).toBe(1);
    expect(interruption.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('resumes from the stored state and the answer alone, as after a reload, running nothing twice', async () => {
    const { state, interruption } = await storedWhileWaiting();
    const zoom = localTool('zoom_to', () => ({ content: 'zoomed' }));
    const query = mcpTool('duckdb', 'query', () => ({ content: '1 row' }));
    const model = createScriptedModel([{ text: 'Chile has 1 row.' }]);
    const agent = createAgent(model, [zoom, query], { state });
    const { result } = await finish(
      agent.resume({ interruption, decisions: [{ kind: 'approve' }] }),
    );
    expect(result).toMatchObject({ outcome: 'completed', text: 'Chile has 1 row.', rounds: 2 });
    expect(zoom.calls).toEqual([]);
    expect(query.calls).toEqual([{ sql: 'SELECT 1' }]);
    expect(agent.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(agent.pendingTurn).toBeUndefined();
    model.assertAllUsed();
  });

  it('never runs a call twice when the answer comes again for a call that already has a result', async () => {
    const { state, interruption } = await storedWhileWaiting();
    const query = mcpTool('duckdb', 'query', () => ({ content: '1 row' }));
    const model = createScriptedModel([{ text: 'Done.' }, { text: 'Done again.' }]);
    const agent = createAgent(model, [query], { state });
    await finish(agent.resume({ interruption, decisions: [{ kind: 'approve' }] }));
    const again = createAgent(model, [query], {
      state: { ...agent.snapshot(), pendingTurn: { runId: 'r', phase: 'tool-calls', round: 1 } },
    });
    await finish(again.resume({ interruption, decisions: [{ kind: 'approve' }] }));
    expect(query.calls).toHaveLength(1);
  });

  it('refuses to go on with a waiting turn without the person’s answer', async () => {
    const { state, interruption } = await storedWhileWaiting();
    const agent = createAgent(createScriptedModel([]), [], { state, approval: interruption });
    expect(() => agent.resume()).toThrow(/waits for the person’s decision/);
  });

  it('marks the waiting calls cancelled when the person sends a new message instead', async () => {
    const { state, interruption } = await storedWhileWaiting();
    const model = createScriptedModel([{ text: 'Sure.' }]);
    const agent = createAgent(model, [], { state, approval: interruption });
    await finish(agent.send('Never mind'));
    const tools = agent.history.filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.content)).toEqual([
      'zoomed',
      'Tool call cancelled: the person sent a new message instead.',
    ]);
    expect(agent.pendingTurn).toBeUndefined();
  });

  it('restores a checkpoint that Continue resumes', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'step', arguments: {} }] },
      { text: 'Summary.' },
    ]);
    const first = createAgent(model, [localTool('step')], { limits: { maxRounds: 1 } });
    await finish(first.send('go'));
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as AgentState;

    const next = createScriptedModel([{ text: 'Done.' }]);
    const restored = createAgent(next, [localTool('step')], { state: saved });
    expect(restored.pendingTurn?.phase).toBe('checkpoint');
    const { result } = await finish(restored.resume());
    expect(result.text).toBe('Done.');
    next.assertAllUsed();
  });

  it('refuses a malformed stored state with a ConfigurationError', () => {
    expect(() => parseAgentSnapshot({ version: 7 })).toThrow(/cannot be restored/);
    expect(() =>
      parseAgentSnapshot({ version: 1, history: [{ role: 'robot' }], status: 'idle' }),
    ).toThrow(/message 0/);
  });

  it('refuses resume when nothing is pending', () => {
    const agent = createAgent(createScriptedModel([]));
    expect(() => agent.resume()).toThrow(/nothing|no unfinished turn/i);
  });
});

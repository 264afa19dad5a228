import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/agent';
import { createScriptedModel } from '../../src/testing/scripted-model';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { createAgent, delay, finish, localTool, mcpTool, pendingGate, scriptedGate } from './fakes';
import type { AgentSnapshot } from '../../src/agent/types';

/** Runs a turn until it waits for approval, then returns the last snapshot written (as storage would). */
async function snapshotWhileAwaitingApproval(): Promise<AgentSnapshot> {
  const written: string[] = [];
  const model = createScriptedModel([
    {
      toolCalls: [
        { name: 'zoom_to', arguments: { place: 'Chile' } },
        { name: 'query', arguments: { sql: 'SELECT 1' } },
      ],
    },
  ]);
  const agent = createAgent(
    model,
    [
      localTool('zoom_to', (_args, context) =>
        delay(5_000, context.signal).then(() => ({ content: 'zoomed' })),
      ),
      mcpTool('duckdb', 'query'),
    ],
    {
      approvalGate: pendingGate,
      onStateChange: (snapshot) => written.push(JSON.stringify(snapshot)),
    },
  );
  const handle = agent.send('Show Chile and count');
  await delay(30);
  const saved = written.at(-1);
  agent.abort(); // the page closes: nothing after this point is written
  await handle.result;
  return JSON.parse(saved ?? 'null') as AgentSnapshot;
}

describe('snapshot and restore', () => {
  it('writes plain JSON after every step, with the calls waiting for approval', async () => {
    const snapshot = await snapshotWhileAwaitingApproval();
    expect(snapshot.version).toBe(1);
    expect(snapshot.status).toBe('tool_loop');
    expect(snapshot.pendingTurn).toMatchObject({
      phase: 'tool-calls',
      awaitingApproval: ['call_0_1'],
    });
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('after a reload re-runs local calls and proposes MCP calls again before running them', async () => {
    const snapshot = await snapshotWhileAwaitingApproval();
    const zoom = localTool('zoom_to', () => ({ content: 'zoomed' }));
    // Even a tool the person trusts does not run a restored call without a fresh approval.
    const query = {
      ...mcpTool('duckdb', 'query', () => ({ content: '1 row' })),
      approval: 'auto' as const,
    };
    const registry = new ToolRegistry();
    registry.register(zoom);
    registry.setServerTools('duckdb', [query]);
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([{ text: 'Chile has 1 row.' }]);
    const agent = Agent.fromSnapshot(snapshot, {
      model,
      registry,
      approvalGate: gate,
    });
    expect(agent.status).toBe('idle');
    expect(agent.pendingTurn?.phase).toBe('tool-calls');

    const { result } = await finish(agent.resume());
    expect(result).toMatchObject({ outcome: 'completed', text: 'Chile has 1 row.' });
    expect(gate.proposals).toHaveLength(1);
    expect(gate.proposals[0]?.calls.map((call) => call.call.name)).toEqual(['query']);
    expect(zoom.calls).toEqual([{ place: 'Chile' }]);
    expect(query.calls).toEqual([{ sql: 'SELECT 1' }]);
    expect(agent.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    model.assertAllUsed();
  });

  it('marks unanswered calls cancelled when the person sends a new message instead of resuming', async () => {
    const snapshot = await snapshotWhileAwaitingApproval();
    const model = createScriptedModel([{ text: 'Sure.' }]);
    const agent = new Agent({ model, snapshot });
    await finish(agent.send('Never mind'));
    const tools = agent.history.filter((message) => message.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools.every((message) => message.isError && message.content.includes('cancelled'))).toBe(
      true,
    );
  });

  it('restores a checkpoint that Continue resumes', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'step', arguments: {} }] },
      { text: 'Summary.' },
    ]);
    const first = createAgent(model, [localTool('step')], { limits: { maxRounds: 1 } });
    await finish(first.send('go'));
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as AgentSnapshot;

    const next = createScriptedModel([{ text: 'Done.' }]);
    const restored = createAgent(next, [localTool('step')], { snapshot: saved });
    expect(restored.pendingTurn?.phase).toBe('checkpoint');
    const { result } = await finish(restored.resume());
    expect(result.text).toBe('Done.');
    next.assertAllUsed();
  });

  it('refuses a malformed snapshot with a ConfigurationError', () => {
    const model = createScriptedModel([]);
    expect(() => Agent.fromSnapshot({ version: 7 }, { model })).toThrow(/cannot be restored/);
    expect(() =>
      Agent.fromSnapshot({ version: 1, history: [{ role: 'robot' }], status: 'idle' }, { model }),
    ).toThrow(/message 0/);
  });

  it('refuses resume when nothing is pending', () => {
    const agent = createAgent(createScriptedModel([]));
    expect(() => agent.resume()).toThrow(/nothing|no unfinished turn/i);
  });
});

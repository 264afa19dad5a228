// The record says exactly how each MCP call came to run: a tool the person set to run without asking
// (for this session, or remembered on this device) is the person's choice, not the publisher's; an
// answer kept from an identical call is reused without a card and without calling the server; and the
// run that applies the person's decisions keeps the turn's run id.
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { createAgent, finish, mcpTool, ofType, scriptedGate } from '../fakes';

describe('how a call came to run', () => {
  it('names the person’s session and remembered settings apart from the publisher’s policy', async () => {
    const set = (name: string, approvalSetBy?: 'person-session' | 'person-remembered') => ({
      ...mcpTool('remote', name),
      approval: 'auto' as const,
      ...(approvalSetBy ? { approvalSetBy } : {}),
    });
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'a', arguments: {} },
          { name: 'b', arguments: {} },
          { name: 'c', arguments: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const agent = createAgent(model, [
      set('a', 'person-session'),
      set('b', 'person-remembered'),
      set('c'),
    ]);
    const { events } = await finish(agent.send('Go'));
    expect(gate.proposals).toHaveLength(0);
    expect(ofType(events, 'tool-call-start').map((event) => event.allowedBy)).toEqual([
      'session-setting',
      'remembered-setting',
      'publisher-policy',
    ]);
  });

  it('reuses a kept answer without a card or a server call, and says so', async () => {
    let now = 0;
    const registry = new ToolRegistry({ reuseAnswersMs: 60_000, now: () => now });
    let ran = 0;
    const lookup = {
      ...mcpTool('remote', 'list_tables', () => {
        ran += 1;
        return { content: 'quakes' };
      }),
      idempotent: true,
    };
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { text: 'One table.' },
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { text: 'Still one.' },
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { text: 'One again.' },
    ]);
    const agent = createAgent(model, [lookup], { registry, approvalGate: gate });
    await finish(agent.send('Tables?'));
    expect([ran, gate.proposals.length]).toEqual([1, 1]);
    const second = await finish(agent.send('Tables again?'));
    expect([ran, gate.proposals.length]).toEqual([1, 1]);
    expect(ofType(second.events, 'tool-call-start')[0]?.allowedBy).toBe('reused');
    expect(ofType(second.events, 'tool-call-end')[0]).toMatchObject({ reused: true });
    // Past the reuse time the server is asked again, through the card.
    now = 60_000;
    const third = await finish(agent.send('And now?'));
    expect([ran, gate.proposals.length]).toEqual([2, 2]);
    expect(ofType(third.events, 'tool-call-end')[0]?.reused).toBeUndefined();
    model.assertAllUsed();
  });

  it('never reuses when reuse is off', async () => {
    const registry = new ToolRegistry({ reuseAnswersMs: 0 });
    let ran = 0;
    const lookup = {
      ...mcpTool('remote', 'list_tables', () => {
        ran += 1;
        return { content: 'quakes' };
      }),
      idempotent: true,
      approval: 'auto' as const,
    };
    const model = createScriptedModel([
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { text: 'One table.' },
    ]);
    await finish(createAgent(model, [lookup], { registry }).send('Tables?'));
    expect(ran).toBe(2);
  });

  it('keeps one run id for a turn across the person’s approval', async () => {
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [{ name: 'query', arguments: {} }] },
      { text: 'Done.' },
    ]);
    const agent = createAgent(model, [mcpTool('remote', 'query')], { approvalGate: gate });
    const { events } = await finish(agent.send('Go'));
    const runIds = new Set(events.map((event) => event.runId));
    expect(runIds.size).toBe(1);
  });
});

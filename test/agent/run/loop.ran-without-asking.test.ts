// The timeline tells calls the person approved from calls that ran without a card, and names tools and
// servers by the titles they were registered with.
import { describe, expect, it } from 'vitest';
import { SessionApprovals } from '../../../src/agent/run/session-approvals';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, localTool, mcpTool, ofType, scriptedGate, sqlSchema } from '../fakes';

const querySql = { name: 'query', arguments: { sql: 'SELECT count(*) FROM quakes' } };

function titledQuery() {
  const tool = mcpTool('embedded', 'query', () => ({ content: '42' }), sqlSchema);
  return {
    ...tool,
    title: 'Query',
    origin: {
      kind: 'mcp' as const,
      serverId: 'embedded',
      originalName: 'query',
      serverTitle: 'Bundled data',
    },
  };
}

describe('calls that ran without asking', () => {
  it('marks an MCP call that auto-approve let through, and carries the titles', async () => {
    const sessionApprovals = new SessionApprovals();
    sessionApprovals.autoApprove = true;
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [querySql, { name: 'zoom_to', arguments: {} }] },
      { text: '42.' },
    ]);
    const agent = createAgent(model, [titledQuery(), localTool('zoom_to')], {
      approvalGate: gate,
      sessionApprovals,
    });
    const { events } = await finish(agent.send('How many?'));
    expect(gate.proposals).toHaveLength(0);
    const [query, zoom] = ofType(events, 'tool-call-start');
    expect(query).toMatchObject({
      toolTitle: 'Query',
      serverTitle: 'Bundled data',
      ranWithoutAsking: true,
      allowedBy: 'auto-approve',
    });
    // Local tools never ask: nothing to mark.
    expect(zoom?.ranWithoutAsking).toBeUndefined();
    expect(zoom?.allowedBy).toBeUndefined();
    model.assertAllUsed();
  });

  it('names the session allow-list and the publisher policy as what let a call run', async () => {
    const sessionApprovals = new SessionApprovals();
    sessionApprovals.allow('query', 'embedded/query');
    const publisherAllowed = { ...mcpTool('remote', 'count_rows'), approval: 'auto' as const };
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [querySql, { name: 'count_rows', arguments: {} }] },
      { text: 'Done.' },
    ]);
    const agent = createAgent(model, [titledQuery(), publisherAllowed], {
      approvalGate: gate,
      sessionApprovals,
    });
    const { events } = await finish(agent.send('How many?'));
    expect(gate.proposals).toHaveLength(0);
    const started = ofType(events, 'tool-call-start');
    expect(started.map((event) => [event.call.name, event.allowedBy])).toEqual([
      ['query', 'session-allow-list'],
      ['count_rows', 'publisher-policy'],
    ]);
    expect(ofType(events, 'turn-start')[0]?.model).toBe(model.id);
    model.assertAllUsed();
  });

  it('does not mark a call the person approved on a card', async () => {
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([{ toolCalls: [querySql] }, { text: '42.' }]);
    const agent = createAgent(model, [titledQuery()], { approvalGate: gate });
    const { events } = await finish(agent.send('How many?'));
    expect(gate.proposals[0]?.calls[0]).toMatchObject({
      toolTitle: 'Query',
      serverTitle: 'Bundled data',
    });
    expect(ofType(events, 'tool-call-start')[0]?.ranWithoutAsking).toBeUndefined();
    model.assertAllUsed();
  });
});

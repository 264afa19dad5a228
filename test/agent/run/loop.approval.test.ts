import { describe, expect, it } from 'vitest';
import { SessionApprovals } from '../../../src/agent/run/session-approvals';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import {
  createAgent,
  delay,
  finish,
  localTool,
  mcpTool,
  ofType,
  scriptedGate,
  sqlSchema,
} from '../fakes';

const querySql = { name: 'query', arguments: { sql: 'SELECT count(*) FROM quakes' } };

describe('approvals of MCP tool calls', () => {
  it('runs local tools without asking and asks before an MCP call, with a deterministic description', async () => {
    const zoom = localTool('zoom_to');
    const query = mcpTool('duckdb', 'query', () => ({ content: '42' }), sqlSchema);
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { reasoning: 'Count first.', toolCalls: [{ name: 'zoom_to', arguments: {} }, querySql] },
      {
        expect: (request) =>
          expect(request.messages.at(-1)).toMatchObject({ role: 'tool', content: '42' }),
        text: '42 quakes.',
      },
    ]);
    const agent = createAgent(model, [zoom, query], { approvalGate: gate });
    const { events, result } = await finish(agent.send('How many?'));

    expect(result.outcome).toBe('completed');
    expect(gate.proposals).toHaveLength(1);
    const proposal = gate.proposals[0];
    expect(proposal?.calls.map((call) => call.call.name)).toEqual(['query']);
    expect(proposal?.calls[0]).toMatchObject({ callIndex: 1, serverId: 'duckdb' });
    expect(proposal?.reasoning).toBe('Count first.');
    expect(proposal?.description).toContain('quakes');
    expect(ofType(events, 'tool-proposal')).toHaveLength(1);
    expect(zoom.calls).toHaveLength(1);
    expect(query.calls).toEqual([{ sql: 'SELECT count(*) FROM quakes' }]);
    model.assertAllUsed();
  });

  it('flags each proposed call that modifies data, from its SQL', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'done' }), sqlSchema);
    const gate = scriptedGate((proposal) =>
      proposal.calls.map(() => ({ kind: 'approve' as const })),
    );
    const model = createScriptedModel([
      {
        toolCalls: [
          querySql,
          { name: 'query', arguments: { sql: 'WITH gone AS (DELETE FROM quakes) SELECT 1' } },
        ],
      },
      { text: 'Done.' },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('Clean up'));
    expect(gate.proposals[0]?.calls.map((call) => call.modifiesData)).toEqual([false, true]);
    model.assertAllUsed();
  });

  it('returns "declined by the user" with the reason to the model, and the loop goes on', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const gate = scriptedGate(() => [{ kind: 'deny', reason: 'too expensive' }]);
    const model = createScriptedModel([
      { toolCalls: [querySql] },
      {
        expect: (request) => {
          const last = request.messages.at(-1);
          expect(last).toMatchObject({ role: 'tool', isError: true });
          expect(last?.content).toContain('declined by the user');
          expect(last?.content).toContain('too expensive');
        },
        text: 'Understood, I will not run it.',
      },
    ]);
    const { events, result } = await finish(
      createAgent(model, [query], { approvalGate: gate }).send('go'),
    );
    expect(result.outcome).toBe('completed');
    expect(query.calls).toEqual([]);
    expect(ofType(events, 'tool-call-end')[0]?.status).toBe('declined');
    model.assertAllUsed();
  });

  it('runs edited arguments, telling the model what ran', async () => {
    const query = mcpTool(
      'duckdb',
      'query',
      (args) => ({ content: `ran ${String(args.sql)}` }),
      sqlSchema,
    );
    const gate = scriptedGate(() => [{ kind: 'approve-edited', arguments: { sql: 'SELECT 1' } }]);
    const model = createScriptedModel([
      { toolCalls: [querySql] },
      {
        expect: (request) => {
          const content = request.messages.at(-1)?.content ?? '';
          expect(content).toContain('edited the arguments');
          expect(content).toContain('ran SELECT 1');
        },
        text: 'ok',
      },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('go'));
    expect(query.calls).toEqual([{ sql: 'SELECT 1' }]);
    model.assertAllUsed();
  });

  it('validates edited arguments again and does not run invalid ones', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const gate = scriptedGate(() => [{ kind: 'approve-edited', arguments: { sql: '' } }]);
    const model = createScriptedModel([
      { toolCalls: [querySql] },
      {
        expect: (request) =>
          expect(request.messages.at(-1)?.content).toContain('Invalid arguments'),
        text: 'ok',
      },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('go'));
    expect(query.calls).toEqual([]);
    model.assertAllUsed();
  });

  it('masks secrets in the arguments shown on the card', async () => {
    const tool = mcpTool('s3', 'attach', () => ({ content: 'attached' }));
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      {
        toolCalls: [
          {
            name: 'attach',
            arguments: { bucket: 'quakes', api_key: 'sk-live-abcdefghijklmnopqrstuvwx' },
          },
        ],
      },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [tool], { approvalGate: gate }).send('go'));
    const shown = JSON.stringify(gate.proposals[0]?.calls[0]?.displayArguments);
    expect(shown).toContain('quakes');
    expect(shown).not.toContain('abcdefghijklmnopqrstuvwx');
  });

  it('runs without asking once auto-approve is on for the session', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const gate = scriptedGate(() => [{ kind: 'deny' }]);
    const approvals = new SessionApprovals();
    approvals.autoApprove = true;
    const model = createScriptedModel([{ toolCalls: [querySql] }, { text: 'ok' }]);
    await finish(
      createAgent(model, [query], { approvalGate: gate, sessionApprovals: approvals }).send('go'),
    );
    expect(gate.proposals).toHaveLength(0);
    expect(query.calls).toHaveLength(1);
  });

  it('runs a tool on the session allow-list without asking, and asks again once it is revoked', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const other = mcpTool('duckdb', 'describe', () => ({ content: 'columns' }));
    const gate = scriptedGate((proposal) =>
      proposal.calls.map(() => ({ kind: 'approve' as const })),
    );
    const approvals = new SessionApprovals();
    const changes: string[][] = [];
    approvals.onChange((state) => changes.push(state.allowed));
    approvals.allow('query');
    const model = createScriptedModel([
      { toolCalls: [querySql, { name: 'describe', arguments: {} }] },
      { text: 'ok' },
      { toolCalls: [querySql] },
      { text: 'ok again' },
    ]);
    const agent = createAgent(model, [query, other], {
      approvalGate: gate,
      sessionApprovals: approvals,
    });
    await finish(agent.send('one'));
    expect(gate.proposals[0]?.calls.map((call) => call.call.name)).toEqual(['describe']);

    approvals.revoke('query');
    await finish(agent.send('two'));
    expect(gate.proposals[1]?.calls.map((call) => call.call.name)).toEqual(['query']);
    expect(changes).toEqual([['query'], []]);
    expect(approvals.list()).toEqual([]);
    model.assertAllUsed();
  });

  it('follows the policy a tool was registered with: an auto tool runs, an ask tool waits', async () => {
    const trusted = {
      ...mcpTool('embedded', 'query', () => ({ content: 'rows' }), sqlSchema),
      approval: 'auto' as const,
    };
    const remote = mcpTool('remote', 'run_sql', () => ({ content: 'rows' }));
    const gate = scriptedGate((proposal) =>
      proposal.calls.map(() => ({ kind: 'approve' as const })),
    );
    const model = createScriptedModel([
      { toolCalls: [querySql, { name: 'run_sql', arguments: {} }] },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [trusted, remote], { approvalGate: gate }).send('go'));
    expect(gate.proposals[0]?.calls.map((call) => call.serverId)).toEqual(['remote']);
    expect(trusted.calls).toHaveLength(1);
    expect(remote.calls).toHaveLength(1);
  });

  it('stops to ask instead of running an MCP call when nobody answers: nothing runs, nothing waits open', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const model = createScriptedModel([{ toolCalls: [querySql] }]);
    const agent = createAgent(model, [query]);
    const { events, result } = await finish(agent.send('go'));
    expect(result.outcome).toBe('interrupted');
    expect(result.interruption?.proposal.calls.map((call) => call.call.name)).toEqual(['query']);
    expect(ofType(events, 'turn-end').at(-1)?.outcome).toBe('interrupted');
    expect(query.calls).toEqual([]);
    expect(agent.agent.running).toBe(false);
    model.assertAllUsed();
  });

  it('does not count the wait for the person against the turn’s time limit', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: '42' }), sqlSchema);
    // The person takes three times the turn's whole time limit to decide.
    const gate = scriptedGate(async () => {
      await delay(600);
      return [{ kind: 'approve' }];
    });
    const model = createScriptedModel([{ toolCalls: [querySql] }, { text: '42 quakes.' }]);
    const agent = createAgent(model, [query], {
      approvalGate: gate,
      limits: { deadlineMs: 200 },
    });
    const { result } = await finish(agent.send('How many?'));
    expect(result).toMatchObject({ outcome: 'completed', text: '42 quakes.' });
    expect(query.calls).toHaveLength(1);
    model.assertAllUsed();
  });

  it('counts the rounds before the wait: the turn goes on with the rounds it had left', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: '42' }), sqlSchema);
    const step = localTool('step');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [querySql] },
      { toolCalls: [{ name: 'step', arguments: {} }] },
      { text: 'Progress so far.' },
    ]);
    const agent = createAgent(model, [query, step], {
      approvalGate: gate,
      limits: { maxRounds: 2 },
    });
    const { result } = await finish(agent.send('go'));
    expect(result).toMatchObject({ outcome: 'checkpoint', rounds: 2 });
    expect(agent.pendingTurn).toMatchObject({ phase: 'checkpoint', limit: 'rounds' });
    model.assertAllUsed();
  });
});

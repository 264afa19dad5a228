// Each call keeps who proposed it, what ran, who allowed it and how, and when: the analyst's record.
import { describe, expect, it } from 'vitest';
import { describeDecision } from '../../../src/agent/conversation/call-audit';
import {
  createConversationDocument,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import { validateConversation } from '../../../src/agent/conversation/validate-conversation';
import type { AgentEvent, ToolCall, ToolProposal } from '../../../src/agent/types';

const model = 'openai:gpt-4o';
const secretSql =
  "SELECT * FROM read_csv('https://host/data.csv?token=sk-abcdefghijklmnopqrstuvwx')";

const event = (agentEvent: AgentEvent, at: number): ConversationAction => ({
  type: 'agent-event',
  event: agentEvent,
  at,
});

const call = (id: string, sql: string): ToolCall => ({
  id,
  name: 'query',
  arguments: { sql },
});

function proposal(calls: ToolCall[]): ToolProposal {
  return {
    runId: 'run-1',
    round: 0,
    description: 'Reads quakes',
    calls: calls.map((proposed, callIndex) => ({
      callIndex,
      call: proposed,
      displayArguments: proposed.arguments,
      serverId: 'embedded',
      description: 'Reads quakes',
      modifiesData: false,
    })),
  };
}

function decidedConversation(): ConversationDocument {
  const asked = proposal([call('edited', 'SELECT 1'), call('denied', 'SELECT 2')]);
  const actions: ConversationAction[] = [
    event({ type: 'turn-start', runId: 'run-1', userMessage: 'Quakes?', model }, 0),
    event({ type: 'round-start', runId: 'run-1', round: 0 }, 1),
    event(
      {
        type: 'tool-call-start',
        runId: 'run-1',
        round: 0,
        callIndex: 2,
        call: call('auto', 'SELECT 3'),
        displayArguments: { sql: 'SELECT 3' },
        serverId: 'embedded',
        ranWithoutAsking: true,
        allowedBy: 'auto-approve',
      },
      2,
    ),
    event(
      {
        type: 'tool-proposal',
        runId: 'run-1',
        round: 0,
        interruption: { proposal: asked, askedAt: 3, elapsedMs: 10, rounds: 1 },
      },
      3,
    ),
    event(
      {
        type: 'turn-end',
        runId: 'run-1',
        round: 0,
        finishReason: 'tool-calls',
        text: '',
        outcome: 'interrupted',
      },
      4,
    ),
    {
      type: 'run-settled',
      runId: 'run-1',
      result: {
        runId: 'run-1',
        outcome: 'interrupted',
        finishReason: 'tool-calls',
        text: '',
        rounds: 1,
      },
      at: 5,
    },
    {
      type: 'approval-decided',
      decisions: [
        { kind: 'approve-edited', arguments: { sql: secretSql } },
        { kind: 'deny', reason: '  too wide  ' },
      ],
      at: 50,
    },
    event(
      { type: 'turn-start', runId: 'run-2', userMessage: 'Continue.', resumed: true, model },
      51,
    ),
    event(
      {
        type: 'tool-call-start',
        runId: 'run-2',
        round: 0,
        callIndex: 0,
        call: call('edited', secretSql),
        displayArguments: { sql: 'masked' },
      },
      52,
    ),
    event(
      {
        type: 'tool-call-end',
        runId: 'run-2',
        round: 0,
        callIndex: 0,
        call: call('edited', secretSql),
        result: { content: '1 row' },
        status: 'success',
        durationMs: 8,
      },
      60,
    ),
  ];
  return actions.reduce(reduceConversation, createConversationDocument('c', 0));
}

describe('the audit record of each call', () => {
  it('records the proposed and the edited SQL, the decision, how it was made, times and model', () => {
    const calls = decidedConversation().turns[0]?.rounds[0]?.calls ?? [];
    const byId = new Map(calls.map((record) => [record.callId, record.audit]));
    const edited = byId.get('edited');
    expect(edited).toMatchObject({
      runId: 'run-1',
      model,
      proposedArguments: { sql: 'SELECT 1' },
      decision: 'approved',
      decidedBy: 'edited',
      proposedAt: 3,
      decidedAt: 50,
      finishedAt: 60,
    });
    // The SQL that ran is kept masked, like everything the timeline shows.
    expect(JSON.stringify(edited?.ranArguments)).not.toContain('sk-abcdefghijklmnop');
    expect(edited?.ranArguments?.sql).toContain('read_csv');
    expect(byId.get('denied')).toMatchObject({
      decision: 'denied',
      decidedBy: 'asked',
      reason: 'too wide',
      decidedAt: 50,
    });
    expect(byId.get('auto')).toMatchObject({
      runId: 'run-1',
      decision: 'approved',
      decidedBy: 'auto-approve',
      proposedAt: 2,
      decidedAt: 2,
    });
    expect(calls.map((record) => record.audit && describeDecision(record.audit))).toEqual([
      'Approved after an edit',
      'Denied: too wide',
      'Auto-approved',
    ]);
  });

  it('survives a reload, and an older document without audit records still opens', () => {
    const document = decidedConversation();
    const reloaded = validateConversation(JSON.parse(JSON.stringify(document)));
    expect(reloaded.readable && reloaded.document.turns[0]?.rounds[0]?.calls[0]?.audit).toEqual(
      document.turns[0]?.rounds[0]?.calls[0]?.audit,
    );
    const older = JSON.parse(JSON.stringify(document)) as ConversationDocument;
    for (const record of older.turns[0]?.rounds[0]?.calls ?? []) delete record.audit;
    const opened = validateConversation(older);
    expect(opened).toMatchObject({ readable: true, unreadableParts: 0 });
    // A record that does not fit is left out, and the call still opens.
    const broken = JSON.parse(JSON.stringify(document)) as {
      turns: { rounds: { calls: { audit: unknown }[] }[] }[];
    };
    broken.turns[0]!.rounds[0]!.calls[0]!.audit = { runId: 7 };
    const mended = validateConversation(broken);
    expect(mended.readable && mended.document.turns[0]?.rounds[0]?.calls[0]?.audit).toBe(undefined);
  });
});

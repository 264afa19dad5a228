// The one reducer of a conversation owns the whole document: its title, rounds, pending approval, map,
// charts and refused questions; nothing is mutated.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import type { AgentEvent, Interruption, ToolProposal } from '../../../src/agent/types';
import type { TableResultData } from '../../../src/tools/tool';

const runId = 'run-1';
const question = 'Where were the strongest earthquakes?';

function reduceAll(document: ConversationDocument, actions: ConversationAction[]) {
  return actions.reduce(reduceConversation, document);
}

const event = (agentEvent: AgentEvent, at = 100): ConversationAction => ({
  type: 'agent-event',
  event: agentEvent,
  at,
});

const table: TableResultData = {
  kind: 'table',
  columns: [{ name: 'a', type: 'number' }],
  rows: [{ a: 1 }],
  totalRows: 1,
};

/** The interruption of a run that stopped to ask about `proposal`. */
function asking(proposal: ToolProposal): Interruption {
  return { proposal, askedAt: 50, elapsedMs: 1_200, rounds: 1 };
}

function proposal(callIds: string[]): ToolProposal {
  return {
    runId,
    round: 0,
    description: 'Reads airports',
    calls: callIds.map((id, callIndex) => ({
      callIndex,
      call: { id, name: 'query', arguments: { sql_query: 'SELECT 1' } },
      displayArguments: { sql_query: 'SELECT 1' },
      serverId: 'embedded',
      description: 'Reads airports',
      modifiesData: false,
    })),
  };
}

describe('the conversation reducer owns the whole conversation', () => {
  it('never mutates the document it is given, and returns the same one when nothing changes', () => {
    const start = createConversationDocument('c', 0);
    const frozen = structuredClone(start);
    const next = reduceAll(start, [
      event({ type: 'turn-start', runId, userMessage: question }),
      event({ type: 'round-start', runId, round: 0 }),
      event({ type: 'text-delta', runId, round: 0, text: 'Chile.' }),
    ]);
    expect(start).toEqual(frozen);
    expect(next.turns[0]?.rounds[0]?.text).toBe('Chile.');
    const ended = reduceConversation(next, event({ type: 'round-end', runId, round: 0 }));
    expect(reduceConversation(ended, event({ type: 'round-end', runId, round: 3 }))).toBe(ended);
    expect(
      reduceConversation(next, event({ type: 'text-delta', runId: 'other', round: 0, text: 'x' })),
    ).toBe(next);
  });

  it('names the conversation after its first question', () => {
    const document = reduceAll(createConversationDocument('c', 0), [
      event({ type: 'turn-start', runId, userMessage: '  Which   airports are busiest?  ' }),
      event({ type: 'turn-start', runId: 'run-2', userMessage: 'And in Texas?' }),
    ]);
    expect(document.title).toBe('Which airports are busiest?');
  });

  it('numbers rounds per turn: a resumed run goes on after the rounds the turn has', () => {
    let document = reduceAll(createConversationDocument('c', 0), [
      event({ type: 'turn-start', runId, userMessage: question }),
      event({ type: 'round-start', runId, round: 0 }),
      event({ type: 'text-delta', runId, round: 0, text: 'Half an' }),
      event({
        type: 'turn-end',
        runId,
        round: 0,
        finishReason: 'length',
        text: 'Half an',
        outcome: 'checkpoint',
      }),
      {
        type: 'run-settled',
        runId,
        at: 1,
        result: {
          runId,
          outcome: 'checkpoint',
          finishReason: 'length',
          text: 'Half an',
          rounds: 1,
        },
      },
    ]);
    expect(document.turns[0]?.resumable).toBe(true);
    document = reduceAll(document, [
      event({ type: 'turn-start', runId: 'run-2', userMessage: 'Continue.', resumed: true }),
      event({ type: 'round-start', runId: 'run-2', round: 0 }),
      event({ type: 'text-delta', runId: 'run-2', round: 0, text: 'answer.' }),
    ]);
    expect(document.turns).toHaveLength(1);
    expect(document.turns[0]?.resumable).toBeUndefined();
    expect(document.turns[0]?.rounds.map((round) => [round.round, round.text])).toEqual([
      [0, 'Half an'],
      [1, 'answer.'],
    ]);
  });

  it('keeps a pending approval with the edited arguments and the decisions until each call has a result', () => {
    const asked = asking(proposal(['a', 'b']));
    let document = reduceAll(createConversationDocument('c', 0), [
      event({ type: 'turn-start', runId, userMessage: question }),
      event({ type: 'round-start', runId, round: 0 }),
      event({ type: 'tool-proposal', runId, round: 0, interruption: asked }),
      { type: 'approval-edited', callId: 'a', arguments: { sql_query: 'SELECT 2' } },
      { type: 'approval-edited', callId: 'unknown', arguments: { sql_query: 'DROP' } },
    ]);
    expect(document.pendingApproval).toEqual({
      ...asked,
      turnIndex: 0,
      round: 0,
      callIds: ['a', 'b'],
      edits: { a: { sql_query: 'SELECT 2' } },
    });
    // The run ends to ask: the turn and the card wait, and no run is left in the document.
    document = reduceAll(document, [
      event({
        type: 'turn-end',
        runId,
        round: 0,
        finishReason: 'tool-calls',
        text: '',
        outcome: 'interrupted',
      }),
      {
        type: 'run-settled',
        runId,
        result: {
          runId,
          outcome: 'interrupted',
          finishReason: 'tool-calls',
          text: '',
          rounds: 1,
          interruption: asked,
        },
        at: 120,
      },
    ]);
    expect(document.run).toBeUndefined();
    expect(document.turns[0]?.status).toBe('processing');
    expect(document.turns[0]?.rounds[0]?.calls.map((call) => call.state)).toEqual([
      'pending',
      'pending',
    ]);
    expect(document.pendingApproval?.callIds).toEqual(['a', 'b']);
    const decisions = [{ kind: 'approve' as const }, { kind: 'deny' as const }];
    document = reduceConversation(document, { type: 'approval-decided', decisions, at: 130 });
    expect(document.pendingApproval?.decisions).toEqual(decisions);
    // Deciding twice changes nothing: the first answer is the one the run applies.
    expect(reduceConversation(document, { type: 'approval-decided', decisions: [], at: 131 })).toBe(
      document,
    );
    const resumed = 'run-2';
    const call = proposal(['a'])!.calls[0]!.call;
    document = reduceAll(document, [
      event({ type: 'turn-start', runId: resumed, userMessage: 'Continue.', resumed: true }),
      event({
        type: 'tool-call-start',
        runId: resumed,
        round: 1,
        callIndex: 0,
        call,
        displayArguments: {},
      }),
    ]);
    // A running call still belongs to the approval: a reload now asks about it again.
    expect(document.pendingApproval?.callIds).toEqual(['a', 'b']);
    document = reduceConversation(
      document,
      event({
        type: 'tool-call-end',
        runId: resumed,
        round: 1,
        callIndex: 0,
        call,
        result: { content: 'ok' },
        status: 'success',
        durationMs: 1,
      }),
    );
    expect(document.pendingApproval?.callIds).toEqual(['b']);
    expect(document.turns[0]?.rounds[0]?.calls[0]?.state).toBe('success');
    document = reduceConversation(
      document,
      event({
        type: 'turn-end',
        runId: resumed,
        round: 1,
        finishReason: 'stop',
        text: '',
        outcome: 'aborted',
      }),
    );
    expect(document.pendingApproval).toBeUndefined();
  });

  it('ends a waiting turn when the person stops it: calls cancelled in the timeline and the history', () => {
    const asked = asking(proposal(['a']));
    const document = reduceAll(createConversationDocument('c', 0), [
      event({ type: 'turn-start', runId, userMessage: question }),
      event({ type: 'round-start', runId, round: 0 }),
      {
        type: 'agent-state',
        state: {
          history: [
            { role: 'user', content: question },
            { role: 'assistant', content: '', toolCalls: [asked.proposal.calls[0]!.call] },
          ],
          status: 'tool_loop',
        },
      },
      event({ type: 'tool-proposal', runId, round: 0, interruption: asked }),
      event({
        type: 'turn-end',
        runId,
        round: 0,
        finishReason: 'tool-calls',
        text: '',
        outcome: 'interrupted',
      }),
      {
        type: 'run-settled',
        runId,
        result: { runId, outcome: 'interrupted', finishReason: 'tool-calls', text: '', rounds: 1 },
        at: 120,
      },
      { type: 'approval-stopped', at: 130 },
    ]);
    expect(document.pendingApproval).toBeUndefined();
    expect(document.turns[0]).toMatchObject({
      status: 'idle',
      outcome: 'aborted',
      interrupted: true,
      interruptedBy: 'stop',
      endedAt: 130,
    });
    expect(document.turns[0]?.rounds[0]?.calls[0]?.state).toBe('cancelled');
    expect(document.agent).toEqual({
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: '', toolCalls: [asked.proposal.calls[0]!.call] },
        {
          role: 'tool',
          toolCallId: 'a',
          name: 'query',
          content: 'Tool call cancelled: stopped by the user.',
          isError: true,
        },
      ],
      status: 'idle',
    });
  });

  it('holds the agent state, the map and the results it keeps', () => {
    const document = reduceAll(createConversationDocument('c', 0), [
      {
        type: 'agent-state',
        state: { history: [{ role: 'user', content: 'Hi' }], status: 'idle' },
      },
      { type: 'map-changed', map: { version: 1, layers: [] } },
      { type: 'result-kept', resultId: 'r1' },
      { type: 'result-kept', resultId: 'r1' },
    ]);
    expect(document.agent.history).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(document.map).toEqual({ version: 1, layers: [] });
    expect(document.resultIds).toEqual(['r1']);
    expect(
      reduceConversation(document, { type: 'map-changed', map: undefined }).map,
    ).toBeUndefined();
  });

  it('keeps a chart the person drew from a table under the call that returned the table', () => {
    const call = { id: 'c1', name: 'query', arguments: { sql_query: 'SELECT 1' } };
    const ended = (runIdOf: string, resultId: string): ConversationAction[] => [
      event({ type: 'turn-start', runId: runIdOf, userMessage: `Rows ${resultId}` }),
      event({ type: 'round-start', runId: runIdOf, round: 0 }),
      event({
        type: 'tool-call-end',
        runId: runIdOf,
        round: 0,
        callIndex: 0,
        call,
        result: { content: `result_id=${resultId}`, data: { ...table, resultId } },
        status: 'success',
        durationMs: 3,
      }),
      event({
        type: 'turn-end',
        runId: runIdOf,
        round: 0,
        finishReason: 'stop',
        text: '',
        outcome: 'completed',
      }),
    ];
    const document = reduceAll(createConversationDocument('c', 0), [
      ...ended('run-a', 'r1'),
      ...ended('run-b', 'r2'),
    ]);
    const chart = { kind: 'bar' as const, resultId: 'r1', x: 'a', y: 'a', rows: [{ a: 1 }] };
    const charted = reduceConversation(document, { type: 'result-charted', resultId: 'r1', chart });
    expect(charted.turns[0]?.rounds[0]?.calls[0]?.personChart).toEqual(chart);
    expect(charted.turns[1]?.rounds[0]?.calls[0]?.personChart).toBeUndefined();
    // The other turn is left as it was, so its view does not re-render.
    expect(charted.turns[1]).toBe(document.turns[1]);
    // A result no call of this conversation returned changes nothing.
    expect(
      reduceConversation(document, { type: 'result-charted', resultId: 'elsewhere', chart }),
    ).toBe(document);
  });

  it('records a question the agent refused to start as a failed turn', () => {
    const document = reduceConversation(createConversationDocument('c', 0), {
      type: 'send-failed',
      text: 'Hello?',
      error: { name: 'ConfigurationError', message: 'No model.' },
      at: 5,
    });
    expect(document.turns[0]).toMatchObject({
      userText: 'Hello?',
      status: 'failed',
      error: { message: 'No model.' },
    });
  });
});

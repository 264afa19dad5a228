// The one reducer of a conversation: events of the agent build the turns; nothing is mutated.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  turnText,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import { toToolResult } from '../../../src/mcp/results/mcp-result';
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

function play(events: AgentEvent[]) {
  const document = reduceAll(createConversationDocument('c', 0), [
    event({ type: 'turn-start', runId, userMessage: question }, 0),
    ...events.map((agentEvent) => event(agentEvent)),
  ]);
  return document.turns[0]!;
}

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

describe('the conversation reducer follows the agent', () => {
  it('collects streamed text per round and marks the turn finished', () => {
    const turn = play([
      { type: 'round-start', runId, round: 0 },
      { type: 'text-delta', runId, round: 0, text: 'The strongest ' },
      { type: 'text-delta', runId, round: 0, text: 'was M7.' },
      {
        type: 'turn-end',
        runId,
        round: 0,
        finishReason: 'stop',
        text: 'The strongest was M7.',
        outcome: 'completed',
      },
    ]);
    expect(turnText(turn)).toBe('The strongest was M7.');
    expect(turn.status).toBe('idle');
  });

  it('tracks a tool call from proposal to result, with masked secrets in the summary', () => {
    const call = { id: 'c1', name: 'query', arguments: { sql_query: 'SELECT 1' } };
    const turn = play([
      {
        type: 'tool-proposal',
        runId,
        round: 0,
        interruption: asking({
          runId,
          round: 0,
          description: 'Reads 1',
          calls: [
            {
              callIndex: 0,
              call,
              displayArguments: call.arguments,
              serverId: 'embedded',
              description: 'Reads 1',
              modifiesData: false,
            },
          ],
        }),
      },
    ]);
    expect(turn.rounds[0]?.calls[0]?.state).toBe('pending');
    const running = play([
      {
        type: 'tool-call-start',
        runId,
        round: 0,
        callIndex: 0,
        call,
        displayArguments: call.arguments,
        serverId: 'embedded',
      },
    ]);
    expect(running.rounds[0]?.calls[0]?.state).toBe('running');
    const ended = play([
      {
        type: 'tool-call-start',
        runId,
        round: 0,
        callIndex: 0,
        call,
        displayArguments: call.arguments,
        serverId: 'embedded',
      },
      {
        type: 'tool-call-end',
        runId,
        round: 0,
        callIndex: 0,
        call,
        result: {
          content: 'one row, key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
          data: table,
        },
        status: 'success',
        durationMs: 12,
      },
    ]);
    const record = ended.rounds[0]?.calls[0];
    expect(record).toMatchObject({
      state: 'success',
      durationMs: 12,
      serverId: 'embedded',
      callId: 'c1',
    });
    expect(record?.resultSummary).toMatch(/^one row, key /);
    expect(record?.resultSummary).not.toContain('Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z');
    expect(record?.data).toEqual(table);
  });

  it('masks secrets inside the quoted values of a structured MCP result shown as JSON', () => {
    const call = { id: 'c1', name: 'inspect', arguments: {} };
    const result = toToolResult({
      content: [],
      structuredContent: {
        note: 'password: hunter2',
        env: 'PGPASSWORD=abc123 psql',
        dsn: "host=db user=ana password='s3cret' dbname=x",
      },
    });
    const turn = play([
      {
        type: 'tool-call-end',
        runId,
        round: 0,
        callIndex: 0,
        call,
        result,
        status: 'success',
        durationMs: 1,
      },
    ]);
    const summary = turn.rounds[0]?.calls[0]?.resultSummary ?? '';
    expect(summary).toBe(
      '{"note":"password: [REDACTED]","env":"PGPASSWORD=[REDACTED] psql","dsn":"host=db user=ana password=\'[REDACTED]\' dbname=x"}',
    );
  });

  it('keeps on the call who ran it without asking, and the titles to name it by', () => {
    const call = { id: 'c1', name: 'query', arguments: { sql_query: 'SELECT 1' } };
    const turn = play([
      {
        type: 'tool-call-start',
        runId,
        round: 0,
        callIndex: 0,
        call,
        displayArguments: call.arguments,
        serverId: 'embedded',
        toolTitle: 'Query',
        serverTitle: 'Bundled data',
        ranWithoutAsking: true,
      },
    ]);
    expect(turn.rounds[0]?.calls[0]).toMatchObject({
      toolTitle: 'Query',
      serverTitle: 'Bundled data',
      ranWithoutAsking: true,
    });
  });

  it('marks a stopped turn as interrupted and settles calls that never finished', () => {
    const call = { id: 'c1', name: 'query', arguments: {} };
    const turn = play([
      { type: 'text-delta', runId, round: 0, text: 'Partial' },
      { type: 'tool-call-start', runId, round: 0, callIndex: 0, call, displayArguments: {} },
      {
        type: 'turn-end',
        runId,
        round: 0,
        finishReason: 'stop',
        text: 'Partial',
        outcome: 'aborted',
      },
    ]);
    expect(turn.interrupted).toBe(true);
    expect(turn.rounds[0]?.calls[0]?.state).toBe('cancelled');
    expect(turnText(turn)).toBe('Partial');
  });

  it('keeps a failure to show with Retry', () => {
    const turn = play([
      {
        type: 'turn-error',
        runId,
        round: 0,
        error: { name: 'ModelProviderError', message: 'Check the API key.' },
      },
    ]);
    expect(turn.status).toBe('failed');
    expect(turn.error?.message).toBe('Check the API key.');
  });
});

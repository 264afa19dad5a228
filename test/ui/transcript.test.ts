import { describe, expect, it } from 'vitest';
import { toToolResult } from '../../src/mcp/mcp-result';
import { applyAgentEvent, createTurn, turnText } from '../../src/ui/transcript';
import type { AgentEvent } from '../../src/agent/types';

const runId = 'run-1';

function play(events: AgentEvent[]) {
  const turn = createTurn(runId, 'Where were the strongest earthquakes?', 0);
  for (const event of events) applyAgentEvent(turn, event, 100);
  return turn;
}

describe('the transcript follows the agent', () => {
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
        proposal: {
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
            },
          ],
        },
      },
    ]);
    expect(turn.rounds[0]?.calls[0]?.state).toBe('pending');
    applyAgentEvent(turn, {
      type: 'tool-call-start',
      runId,
      round: 0,
      callIndex: 0,
      call,
      displayArguments: call.arguments,
      serverId: 'embedded',
    });
    expect(turn.rounds[0]?.calls[0]?.state).toBe('running');
    applyAgentEvent(turn, {
      type: 'tool-call-end',
      runId,
      round: 0,
      callIndex: 0,
      call,
      result: { content: 'one row', data: { rows: [{ a: 1 }] } },
      status: 'success',
      durationMs: 12,
    });
    const record = turn.rounds[0]?.calls[0];
    expect(record).toMatchObject({
      state: 'success',
      durationMs: 12,
      serverId: 'embedded',
      resultSummary: 'one row',
    });
    expect(record?.data).toEqual({ rows: [{ a: 1 }] });
  });

  it('masks secrets inside the quoted values of a structured MCP result shown as JSON', () => {
    const call = { id: 'c1', name: 'inspect', arguments: {} };
    const result = toToolResult(
      {
        content: [],
        structuredContent: {
          note: 'password: hunter2',
          env: 'PGPASSWORD=abc123 psql',
          dsn: "host=db user=ana password='s3cret' dbname=x",
        },
      },
      { serverId: 'warehouse', toolName: 'inspect' },
    );
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

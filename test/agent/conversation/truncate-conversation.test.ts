// Dropping a turn and the turns after it cuts what the person sees and what the model reads together.
import { describe, expect, it } from 'vitest';
import {
  UNTITLED,
  createConversationDocument,
  type ConversationDocument,
  type TurnRecord,
} from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import { historyStartOf } from '../../../src/agent/conversation/truncate-conversation';
import type { AgentEvent, Message } from '../../../src/agent/types';

const event = (agentEvent: AgentEvent): ConversationAction => ({
  type: 'agent-event',
  event: agentEvent,
  at: 1,
});

/** Plays one finished turn: question, one query returning `resultId`, answer; the history follows. */
function turn(document: ConversationDocument, index: number, question: string, resultId: string) {
  const runId = `run-${index}`;
  const history: Message[] = [...document.agent.history];
  const historyIndex = history.length;
  const call = { id: `call-${index}`, name: 'query', arguments: { sql_query: 'SELECT 1' } };
  history.push(
    { role: 'user', content: question },
    { role: 'assistant', content: '', toolCalls: [call] },
    { role: 'tool', toolCallId: call.id, name: 'query', content: 'one row' },
    { role: 'assistant', content: `Answer ${index}` },
  );
  const actions: ConversationAction[] = [
    event({ type: 'turn-start', runId, userMessage: question, historyIndex }),
    event({ type: 'round-start', runId, round: 0 }),
    event({
      type: 'tool-call-end',
      runId,
      round: 0,
      callIndex: 0,
      call,
      status: 'success',
      durationMs: 5,
      result: {
        content: 'one row',
        data: { kind: 'table', resultId, columns: [], totalRows: 1 },
      },
    }),
    { type: 'result-kept', resultId },
    event({ type: 'round-start', runId, round: 1 }),
    event({ type: 'text-delta', runId, round: 1, text: `Answer ${index}` }),
    { type: 'agent-state', state: { history, status: 'idle' } },
    event({
      type: 'turn-end',
      runId,
      round: 1,
      finishReason: 'stop',
      text: `Answer ${index}`,
      outcome: 'completed',
    }),
    {
      type: 'run-settled',
      runId,
      result: { runId, outcome: 'completed', finishReason: 'stop', text: '', rounds: 2 },
      at: 2,
    },
  ];
  return actions.reduce(reduceConversation, document);
}

function threeTurns(): ConversationDocument {
  let document = createConversationDocument('c', 0);
  document = turn(document, 0, 'First question', 'r0');
  document = turn(document, 1, 'Second question', 'r1');
  return turn(document, 2, 'Third question', 'r2');
}

describe('truncating a conversation', () => {
  it('drops the turn and later ones, their history and their result references', () => {
    const document = threeTurns();
    expect(document.turns).toHaveLength(3);
    const cut = reduceConversation(document, { type: 'truncated', turnIndex: 1 });
    expect(cut.turns.map((kept) => kept.userText)).toEqual(['First question']);
    expect(cut.agent.history).toEqual(document.agent.history.slice(0, 4));
    expect(cut.agent.history.at(-1)).toEqual({ role: 'assistant', content: 'Answer 0' });
    expect(cut.resultIds).toEqual(['r0']);
    expect(cut.title).toBe('First question');
    expect(cut.agent.status).toBe('idle');
  });

  it('keeps the summary of turns it keeps, and drops one that stands for a turn it drops', () => {
    const document = threeTurns();
    const summarised = (turns: number): ConversationDocument => ({
      ...document,
      agent: { ...document.agent, contextSummary: { text: 'In short.', turns } },
    });
    const kept = reduceConversation(summarised(1), { type: 'truncated', turnIndex: 1 });
    expect(kept.agent.contextSummary).toEqual({ text: 'In short.', turns: 1 });
    const dropped = reduceConversation(summarised(2), { type: 'truncated', turnIndex: 1 });
    expect(dropped.agent.contextSummary).toBeUndefined();
  });

  it('from the first turn leaves an empty conversation that the next question names', () => {
    const cut = reduceConversation(threeTurns(), { type: 'truncated', turnIndex: 0 });
    expect(cut.turns).toEqual([]);
    expect(cut.agent.history).toEqual([]);
    expect(cut.resultIds).toEqual([]);
    expect(cut.title).toBe(UNTITLED);
  });

  it('drops a pending approval and whatever the agent kept pending', () => {
    const document: ConversationDocument = {
      ...threeTurns(),
      pendingApproval: {
        turnIndex: 2,
        round: 0,
        callIds: ['x'],
        edits: {},
        proposal: { runId: 'run-2', round: 0, calls: [], description: '' },
        askedAt: 0,
        elapsedMs: 0,
        rounds: 1,
      },
      agent: { ...threeTurns().agent, status: 'tool_loop' },
    };
    const cut = reduceConversation(document, { type: 'truncated', turnIndex: 2 });
    expect(cut.pendingApproval).toBeUndefined();
    expect(cut.agent.pendingTurn).toBeUndefined();
    expect(cut.turns).toHaveLength(2);
  });

  it('changes nothing while a run writes into the conversation, or for a turn that is not there', () => {
    const document = threeTurns();
    const running: ConversationDocument = {
      ...document,
      run: { runId: 'run-9', turnIndex: 2, rounds: {} },
    };
    expect(reduceConversation(running, { type: 'truncated', turnIndex: 1 })).toBe(running);
    expect(reduceConversation(document, { type: 'truncated', turnIndex: 3 })).toBe(document);
  });

  it('finds the place of turns stored without one by matching their questions in order', () => {
    const document = threeTurns();
    const turns: TurnRecord[] = document.turns.map(({ historyStart: _start, ...rest }) => rest);
    const failed: TurnRecord = {
      runId: 'failed-1',
      userText: 'Never reached the agent',
      startedAt: 1,
      status: 'failed',
      rounds: [],
    };
    const withFailed = [turns[0]!, failed, turns[1]!, turns[2]!];
    const history = document.agent.history;
    expect(historyStartOf(history, withFailed, 0)).toBe(0);
    expect(historyStartOf(history, withFailed, 1)).toBe(4);
    expect(historyStartOf(history, withFailed, 2)).toBe(4);
    expect(historyStartOf(history, withFailed, 3)).toBe(8);
  });
});

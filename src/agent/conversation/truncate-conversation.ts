// Dropping a turn and everything after it (regenerate, edit and resend). What the person sees and what
// the model reads are cut at the same place: the turns, the agent's history from that turn's question
// on, and the references to results those turns returned. The map keeps whatever it has drawn.
import { turnStarts } from '../context/context-window';
import { UNTITLED, type ConversationDocument, type TurnRecord } from './conversation-document';
import type { AgentState, ContextSummary, Message } from '../types';

/**
 * The conversation without turn `turnIndex` and the turns after it. Returns `document` itself when there
 * is no such turn or a run is writing into the conversation (a turn is never cut while it runs).
 */
export function truncateConversation(
  document: ConversationDocument,
  turnIndex: number,
): ConversationDocument {
  if (document.run || turnIndex < 0 || turnIndex >= document.turns.length) return document;
  const kept = document.turns.slice(0, turnIndex);
  const droppedResults = new Set(document.turns.slice(turnIndex).flatMap(resultIdsOf));
  const historyEnd = historyStartOf(document.agent.history, document.turns, turnIndex);
  const { pendingApproval: _pendingApproval, ...rest } = document;
  return {
    ...rest,
    title: kept.length === 0 && !document.titleEdited ? UNTITLED : document.title,
    turns: kept,
    // Whatever the dropped turns left pending (a checkpoint, a failure) goes with them, and so does a
    // summary that stands for any of them.
    agent: keptAgentState(
      document.agent.history.slice(0, historyEnd),
      document.agent.contextSummary,
    ),
    resultIds: document.resultIds.filter((resultId) => !droppedResults.has(resultId)),
  };
}

function keptAgentState(history: Message[], summary: ContextSummary | undefined): AgentState {
  const kept = summary && summary.turns <= turnStarts(history).length;
  return { history, status: 'idle', ...(kept ? { contextSummary: summary } : {}) };
}

function resultIdsOf(turn: TurnRecord): string[] {
  return turn.rounds.flatMap((round) => round.calls.flatMap((call) => call.resultId ?? []));
}

/**
 * Where turn `turnIndex`'s question sits in the history. Turns record it as they start; for turns an
 * older release stored, it is found by matching the questions in order. A turn whose question never
 * reached the agent (sending failed) starts where the history ended before it.
 */
export function historyStartOf(
  history: readonly Message[],
  turns: readonly TurnRecord[],
  turnIndex: number,
): number {
  const turn = turns[turnIndex];
  if (!turn) return history.length;
  const recorded = turn.historyStart;
  if (recorded !== undefined && isQuestion(history[recorded], turn.userText)) return recorded;
  // Without a recorded place (or one a repaired history moved): match the questions in order.
  let from = 0;
  for (let index = 0; index < turns.length; index += 1) {
    const text = (turns[index] as TurnRecord).userText;
    const found = history.findIndex(
      (message, position) => position >= from && isQuestion(message, text),
    );
    // A question that never reached the agent: the next turn that did marks the place.
    if (found === -1) continue;
    if (index >= turnIndex) return found;
    from = found + 1;
  }
  return history.length;
}

function isQuestion(message: Message | undefined, text: string): boolean {
  return message?.role === 'user' && message.content === text;
}

// A finished turn played into a document through the reducer, as a run leaves it: question, one round of
// text, the history, and the request's context-trimmed event when it left turns out.
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import type { ConversationDocument } from '../../../src/agent/conversation/conversation-document';
import type { AgentEvent } from '../../../src/agent/types';

/** Plays a finished turn; `trim` is the `context-trimmed` its request sent, when it left turns out. */
export function playTurn(
  document: ConversationDocument,
  question: string,
  trim?: { droppedTurns: number; summarisedTurns?: number },
  reachesHistory = true,
): ConversationDocument {
  const runId = `run-${document.turns.length}`;
  const event = (agentEvent: AgentEvent): ConversationAction => ({
    type: 'agent-event',
    event: agentEvent,
    at: 1,
  });
  const history = reachesHistory
    ? [
        ...document.agent.history,
        { role: 'user' as const, content: question },
        { role: 'assistant' as const, content: `About ${question}` },
      ]
    : document.agent.history;
  const actions: ConversationAction[] = [
    event({
      type: 'turn-start',
      runId,
      userMessage: question,
      ...(reachesHistory ? { historyIndex: document.agent.history.length } : {}),
    }),
    event({ type: 'round-start', runId, round: 0 }),
    ...(trim
      ? [event({ type: 'context-trimmed', runId, round: 0, budgetTokens: 4_096, ...trim })]
      : []),
    event({ type: 'text-delta', runId, round: 0, text: `About ${question}` }),
    { type: 'agent-state', state: { history, status: 'idle' } },
    event({
      type: 'turn-end',
      runId,
      round: 0,
      finishReason: 'stop',
      text: `About ${question}`,
      outcome: 'completed',
    }),
    {
      type: 'run-settled',
      runId,
      result: { runId, outcome: 'completed', finishReason: 'stop', text: '', rounds: 1 },
      at: 2,
    },
  ];
  return actions.reduce(reduceConversation, document);
}

// A conversation whose turn waits for the person's approval of one query: what the approval card's
// tests show.
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import type { ConversationAction } from '../../src/agent/conversation/conversation-reducer';
import type { Interruption } from '../../src/agent/types';

const runId = 'run-1';
const call = { id: 'c1', name: 'query', arguments: { sql_query: 'SELECT 1' } };
const interruption: Interruption = {
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
        modifiesData: false,
      },
    ],
  },
  askedAt: 1_000,
  elapsedMs: 500,
  rounds: 1,
};

/** A conversation whose turn waits for the person's approval of `SELECT 1`. */
export function waiting(): Conversation {
  const conversation = new Conversation(createConversationDocument('c', 0));
  const actions: ConversationAction[] = [
    { type: 'agent-event', event: { type: 'turn-start', runId, userMessage: 'Count' }, at: 1 },
    { type: 'agent-event', event: { type: 'round-start', runId, round: 0 }, at: 2 },
    { type: 'agent-event', event: { type: 'tool-proposal', runId, round: 0, interruption }, at: 3 },
    {
      type: 'run-settled',
      runId,
      result: { runId, outcome: 'interrupted', finishReason: 'tool-calls', text: '', rounds: 1 },
      at: 4,
    },
  ];
  for (const action of actions) conversation.dispatch(action);
  return conversation;
}

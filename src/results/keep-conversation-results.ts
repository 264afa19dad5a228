// A result a call returned is stored with its conversation (up to the caps), so its result_id still
// draws, charts and filters after a reload or after switching back to the conversation.
import { resultIdOf } from '../agent/conversation/turn-records';
import type { Conversation } from '../agent/conversation/conversation';
import type { ConversationStore } from '../storage/conversation-store';
import type { ResultStore } from '../tools/result-store';
import type { Mounted } from '../ui/mounted';

/** Follows `conversation` and stores each new result's rows, until `destroy()`. */
export function keepConversationResults(
  conversation: Conversation,
  store: ConversationStore,
  resultStore: ResultStore,
  onError: (error: unknown) => void = () => undefined,
): Mounted {
  const stop = conversation.subscribe((document, action) => {
    if (action.type !== 'agent-event' || action.event.type !== 'tool-call-end') return;
    const resultId = resultIdOf(action.event.result.data);
    if (!resultId || document.resultIds.includes(resultId)) return;
    const result = resultStore.get(resultId);
    if (!result) return;
    store
      .saveResult(document.id, result)
      .then(() => conversation.dispatch({ type: 'result-kept', resultId }))
      .catch(onError);
  });
  return { destroy: stop };
}

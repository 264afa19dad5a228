// Which conversation a visit opens with, so a reload lands on the one that was on screen.
import { conversationOnScreen } from '../storage/conversation-on-screen';
import { hasUnloadStash } from '../storage/conversation-writer';
import type { ConversationStore } from '../storage/conversation-store';
import type { StorageScope } from '../storage/storage-scope';

/**
 * The conversation a visit opens with: the one on screen before the reload (stored, or stashed as the
 * page went away before its first write finished); a blank one when a blank one was (it was never
 * stored); else the most recent.
 */
export async function firstConversation(
  store: ConversationStore | undefined,
  scope: Pick<StorageScope, 'session' | 'local'>,
): Promise<string | undefined> {
  if (!store) return undefined;
  const summaries = await store.list();
  const remembered = conversationOnScreen([scope.session, scope.local]);
  if (remembered && summaries.some((summary) => summary.id === remembered)) return remembered;
  if (remembered && hasUnloadStash(remembered, scope.session)) return remembered;
  if (remembered && !(await store.get(remembered))) return undefined;
  return summaries[0]?.id;
}

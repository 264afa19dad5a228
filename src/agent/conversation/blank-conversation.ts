// A conversation nobody has used yet: no question asked, no name given. It is shown but never stored,
// so New chat, a failed open or a delete leave no empty "New chat" entries behind.
import type { ConversationDocument } from './conversation-document';

/** True while the conversation has no turn and keeps its default title. */
export function isBlankConversation(document: ConversationDocument): boolean {
  return document.turns.length === 0 && document.titleEdited !== true;
}

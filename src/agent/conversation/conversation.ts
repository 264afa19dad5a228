// The live conversation: holds the current document, applies actions through the reducer, and tells
// subscribers (the views, the writer) after each change. Nothing else changes a conversation.
import { errorMessage } from '../../errors/error-message';
import { reduceConversation, type ConversationAction } from './conversation-reducer';
import type { ConversationDocument } from './conversation-document';

/** Called after every change with the new document and the action that made it. */
export type ConversationListener = (
  document: ConversationDocument,
  action: ConversationAction,
) => void;

/** One conversation's document and its subscribers. */
export class Conversation {
  private current: ConversationDocument;
  private readonly listeners = new Set<ConversationListener>();

  constructor(
    document: ConversationDocument,
    private readonly now: () => number = Date.now,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.current = document;
  }

  /** The current snapshot (never mutate it: the next change makes a new one). */
  get document(): ConversationDocument {
    return this.current;
  }

  /** Applies an action; subscribers hear of it only when the document changed. */
  dispatch(action: ConversationAction): void {
    const next = reduceConversation(this.current, action);
    if (next === this.current) return;
    // A synced document keeps the time the other tab wrote it.
    this.current =
      action.type === 'synced' ||
      (action.type === 'agent-event' &&
        (action.event.type === 'text-delta' || action.event.type === 'reasoning-delta'))
        ? next
        : { ...next, updatedAt: this.now() };
    for (const listener of this.listeners) {
      try {
        listener(this.current, action);
      } catch (error) {
        this.warn(`A conversation listener failed on ${action.type}: ${errorMessage(error)}`);
      }
    }
  }

  /** Calls `listener` after every change; returns the function that unsubscribes it. */
  subscribe(listener: ConversationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

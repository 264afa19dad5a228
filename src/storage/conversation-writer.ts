// Writes a conversation to IndexedDB as it changes: each step at once, streamed text at most every
// 250 ms, one write in flight at a time, so storage never falls behind what the person saw. A blank
// conversation (no question, no name) is not written. As the page
// unloads (when an IndexedDB write may not finish) the document goes to sessionStorage, synchronously.
import { isBlankConversation } from '../agent/conversation/blank-conversation';
import { isQuotaError } from './quota-error';
import type { Conversation } from '../agent/conversation/conversation';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ConversationAction } from '../agent/conversation/conversation-reducer';
import type { ConversationStore } from './conversation-store';

const stashKey = (conversationId: string): string => `mapwright.unsaved.${conversationId}`;

/** Takes (and removes) the document the page stashed for this conversation as it unloaded. */
export function takeUnloadStash(
  conversationId: string,
  storage: Storage = sessionStorage,
): unknown {
  try {
    const text = storage.getItem(stashKey(conversationId));
    storage.removeItem(stashKey(conversationId));
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Documents whose last write failed because the browser's storage was full, by id: kept in memory (the
 * tab's only copy of their latest state) until a write succeeds, and opened from here meanwhile.
 */
const heldForQuota = new Map<string, ConversationDocument>();

/** The newest document of `id` that could not be written for lack of space, if there is one. */
export function heldDocument(id: string): ConversationDocument | undefined {
  return heldForQuota.get(id);
}

/** How many conversations wait in memory for space. */
export function heldDocumentCount(): number {
  return heldForQuota.size;
}

/** Tries again to write every document held for lack of space (space may have freed); never rejects. */
export async function retryHeldDocuments(store: ConversationStore): Promise<void> {
  for (const [id, document] of [...heldForQuota]) {
    try {
      await store.save(document);
      if (heldForQuota.get(id) === document) heldForQuota.delete(id);
    } catch {
      return;
    }
  }
}

// Streamed text and typing on a card change the document many times a second: written at most every
// `delayMs`. Every other change is a step, written at once.
function isFrequent(action: ConversationAction): boolean {
  return (
    action.type === 'approval-edited' ||
    (action.type === 'agent-event' &&
      (action.event.type === 'text-delta' || action.event.type === 'reasoning-delta'))
  );
}

/** Keeps one conversation's stored document up to date with the live one. */
export class ConversationWriter {
  private pending: ConversationDocument | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ConversationStore,
    private readonly conversation: Conversation,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly delayMs = 250,
  ) {
    this.unsubscribe = conversation.subscribe((document, action) => {
      this.pending = document;
      this.schedule(!isFrequent(action));
    });
  }

  /** Writes the current document now (after opening: a migrated or recovered one is stored at once). */
  saveNow(): Promise<void> {
    this.pending = this.conversation.document;
    this.schedule(true);
    return this.writing;
  }

  /** Resolves when everything changed so far is written. */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write());
    }
    return this.writing;
  }

  /** The page is going away (pagehide): stash the document synchronously, and start the write. */
  stashForUnload(storage: Storage = sessionStorage): void {
    void this.flush();
    const document = this.conversation.document;
    if (isBlankConversation(document)) return;
    try {
      storage.setItem(stashKey(document.id), JSON.stringify(document));
    } catch {
      // Over quota (a long conversation): the last IndexedDB write stands.
    }
  }

  /** Stops following the conversation; writes what is pending. */
  dispose(): Promise<void> {
    this.unsubscribe();
    return this.flush();
  }

  private schedule(urgent: boolean): void {
    if (urgent) {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write());
      return;
    }
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write());
    }, this.delayMs);
  }

  private async write(): Promise<void> {
    const document = this.pending;
    this.pending = undefined;
    // A conversation is stored from its first question (or name): opening one creates nothing.
    if (!document || isBlankConversation(document)) return;
    try {
      await this.store.save(document);
      heldForQuota.delete(document.id);
    } catch (error) {
      // Storage is full: the document stays in memory and goes with the next change or retry.
      if (isQuotaError(error)) heldForQuota.set(document.id, document);
      this.onError(error);
    }
  }
}

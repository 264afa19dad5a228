// Writes a conversation to IndexedDB as it changes: each step at once, streamed text at most every
// 250 ms, one write in flight at a time, so storage never falls behind what the person saw. A blank
// conversation (no question, no name) is not written. As the page
// unloads (when an IndexedDB write may not finish) the document goes to sessionStorage, synchronously.
// Every write carries the revision it was based on: a newer stored document (another tab wrote it) is
// never written over, but merged (agent/conversation/merge-conversation.ts) and written again.
import { isBlankConversation } from '../agent/conversation/blank-conversation';
import { mergeConversation } from '../agent/conversation/merge-conversation';
import { isQuotaError } from './quota-error';
import { UnsavedActions } from './unsaved-actions';
import type { Conversation } from '../agent/conversation/conversation';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ConversationAction } from '../agent/conversation/conversation-reducer';
import type { ConversationStore, RevisionedDocument, SaveOutcome } from './conversation-store';

const stashKey = (conversationId: string): string => `mapwright.unsaved.${conversationId}`;

const stashRevisionKey = (conversationId: string): string =>
  `mapwright.unsaved.${conversationId}.revision`;

/** Takes (and removes) the stored revision the stashed document was based on (0 when not kept). */
export function takeStashRevision(
  conversationId: string,
  storage: Storage = sessionStorage,
): number {
  try {
    const text = storage.getItem(stashRevisionKey(conversationId));
    storage.removeItem(stashRevisionKey(conversationId));
    return Number(text ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** True when the page stashed a document for this conversation as it unloaded. */
export function hasUnloadStash(conversationId: string, storage: Storage = sessionStorage): boolean {
  try {
    return storage.getItem(stashKey(conversationId)) !== null;
  } catch {
    return false;
  }
}

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
const heldForQuota = new Map<string, { document: ConversationDocument; basedOn: number }>();

/** The newest document of `id` that could not be written for lack of space, if there is one. */
export function heldDocument(id: string): ConversationDocument | undefined {
  return heldForQuota.get(id)?.document;
}

/** How many conversations wait in memory for space. */
export function heldDocumentCount(): number {
  return heldForQuota.size;
}

/**
 * Tries again to write every document held for lack of space (space may have freed); never rejects.
 * Each write is based on the revision it was held at: one another tab has moved past stays held, for
 * its open writer to merge on its next change.
 */
export async function retryHeldDocuments(store: ConversationStore): Promise<void> {
  for (const [id, held] of [...heldForQuota]) {
    try {
      const outcome = await store.save(held.document, held.basedOn);
      if (outcome.saved && heldForQuota.get(id) === held) heldForQuota.delete(id);
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
  /** The stored revision the live document is based on. */
  private based = 0;
  private pendingNumber = 0;
  private readonly unsaved = new UnsavedActions();
  private readonly savedListeners = new Set<(revision: number) => void>();
  private readonly mergedListeners = new Set<(otherTurns: number) => void>();

  constructor(
    private readonly store: ConversationStore,
    private readonly conversation: Conversation,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly delayMs = 250,
  ) {
    this.unsubscribe = conversation.subscribe((document, action) => {
      // Another tab's document, already stored: nothing to write.
      if (action.type === 'synced') return;
      this.pendingNumber = this.unsaved.record(document, action);
      this.pending = document;
      this.schedule(!isFrequent(action));
    });
  }

  /** The stored revision the live document is based on (set once when the conversation opens). */
  get revision(): number {
    return this.based;
  }

  set revision(revision: number) {
    this.based = revision;
  }

  /** True while a change of a turn is not stored yet (the tab then keeps its own document). */
  get holdsTurnChanges(): boolean {
    return this.unsaved.holdsTurnChanges;
  }

  /** Calls `listener` with the new revision after each stored write. */
  onSaved(listener: (revision: number) => void): () => void {
    this.savedListeners.add(listener);
    return () => this.savedListeners.delete(listener);
  }

  /** Calls `listener` when a write met another tab's turns and this tab's turns were put after them. */
  onMerged(listener: (otherTurns: number) => void): () => void {
    this.mergedListeners.add(listener);
    return () => this.mergedListeners.delete(listener);
  }

  /**
   * Takes another tab's newer stored document as the live one, with the person's edits not stored yet
   * applied again on top. Refused (false) while this tab holds a turn's changes not stored yet, or when
   * `stored` is not newer: the next write merges instead.
   */
  adopt(stored: RevisionedDocument): boolean {
    if (stored.revision <= this.based || this.unsaved.holdsTurnChanges) return false;
    const edits = this.unsaved.edits();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    this.unsaved.forget();
    this.based = stored.revision;
    this.conversation.dispatch({ type: 'synced', document: stored.document });
    for (const action of edits) this.conversation.dispatch(action);
    return true;
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
      storage.setItem(stashRevisionKey(document.id), String(this.based));
    } catch {
      // Over quota (a long conversation): the last IndexedDB write stands.
    }
  }

  /** Stops following the conversation; writes what is pending. */
  destroy(): Promise<void> {
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
    const number = this.pendingNumber;
    this.pending = undefined;
    // A conversation is stored from its first question (or name): opening one creates nothing.
    if (!document || isBlankConversation(document)) return;
    try {
      let outcome: SaveOutcome = await this.store.save(document, this.based);
      let written = document;
      for (let attempt = 0; !outcome.saved && attempt < 5; attempt += 1) {
        [written, outcome] = await this.mergeAndSave(document, number);
      }
      if (!outcome.saved) throw new Error('The conversation kept changing in another tab.');
      heldForQuota.delete(document.id);
      this.based = outcome.revision;
      this.unsaved.markStored(number, written);
      for (const listener of this.savedListeners) listener(outcome.revision);
    } catch (error) {
      // Storage is full: the document stays in memory and goes with the next change or retry.
      if (isQuotaError(error)) heldForQuota.set(document.id, { document, basedOn: this.based });
      this.onError(error);
    }
  }

  /**
   * Another tab stored a newer document: merges this tab's (as of action `number`) into it, writes the
   * merge based on the newer revision, and shows it with what changed here since.
   */
  private async mergeAndSave(
    document: ConversationDocument,
    number: number,
  ): Promise<[ConversationDocument, SaveOutcome]> {
    const stored = await this.store.loadWithRevision(document.id);
    // Deleted for good in another tab while open here: written back, so no turn is lost.
    if (!stored) return [document, await this.store.save(document)];
    const ownership = this.unsaved.ownership;
    const merged = mergeConversation(stored.document, document, ownership);
    const written = this.unsaved.replayOnto(merged.document, 0, number);
    const outcome = await this.store.save(written, stored.revision);
    if (!outcome.saved) return [written, outcome];
    const live = mergeConversation(written, this.conversation.document, ownership).document;
    this.conversation.dispatch({ type: 'synced', document: this.unsaved.replayOnto(live, number) });
    if (this.pending) this.pending = this.conversation.document;
    if (merged.appendedTurns > 0 && merged.otherTurns > 0)
      for (const listener of this.mergedListeners) listener(merged.otherTurns);
    return [written, outcome];
  }
}

// Delete with undo: a deleted conversation leaves the list at once and a notice offers Undo for a few
// seconds; only when the notice goes is it removed for good. The mark is stored, so a reload in between
// loses nothing: the notice comes back for the time that was left, or the delete completes.
import { UNDO_WINDOW_MS, type UndoToast } from '../ui/undo-toast';
import type { ConversationStore } from '../storage/conversation-store';

/** What the deletes tell the chat. */
export interface ConversationDeletesHooks {
  /** The list changed (a conversation left or came back). */
  changed(): Promise<void>;
  /** Undo brought `id` back. */
  restored(id: string): Promise<void>;
  /** A storage failure, for a notice. */
  failed?(error: unknown): void;
}

/** Deletes that can be undone, through one notice. */
export class ConversationDeletes {
  constructor(
    private readonly store: ConversationStore,
    private readonly toast: UndoToast,
    private readonly hooks: ConversationDeletesHooks,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Marks `id` deleted, runs `leave` (opening another conversation when `id` is open), then offers Undo.
   */
  async remove(id: string, leave: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const at = this.now();
    await this.store.markDeleted(id, at);
    await leave();
    await this.hooks.changed();
    this.offerUndo(id, UNDO_WINDOW_MS);
  }

  /** After a reload: the most recent undoable delete is offered again; older ones complete now. */
  async resume(): Promise<void> {
    const deleted = (await this.store.listDeleted()).sort(
      (left, right) => (right.deletedAt ?? 0) - (left.deletedAt ?? 0),
    );
    const [latest, ...older] = deleted;
    await Promise.all(older.map((summary) => this.purge(summary.id)));
    if (!latest) return;
    const left = UNDO_WINDOW_MS - (this.now() - (latest.deletedAt ?? 0));
    if (left <= 0) await this.purge(latest.id);
    else this.offerUndo(latest.id, left);
  }

  private offerUndo(id: string, durationMs: number): void {
    this.toast.show(
      'Conversation deleted',
      {
        onUndo: () => {
          void this.store
            .undelete(id)
            .then(() => this.hooks.restored(id))
            .catch((error: unknown) => this.hooks.failed?.(error));
        },
        onExpire: () => void this.purge(id),
      },
      durationMs,
    );
  }

  private purge(id: string): Promise<void> {
    return this.store.delete(id).catch((error: unknown) => this.hooks.failed?.(error));
  }
}

// One writer per conversation across the tabs of this origin: a tab runs a turn only while it holds
// the conversation's Web Lock, which the browser releases when the tab closes or crashes. Where
// `navigator.locks` is missing (old browsers, jsdom), the lock only spans this tab, and the revision
// check on every write (ConversationStore.save) still keeps a tab from writing over another's turns.

/** The name of a conversation's lock (`scopeName` puts it in an embedded app's namespace). */
export const conversationLockName = (
  conversationId: string,
  scopeName: (base: string) => string = (base) => base,
): string => scopeName(`mapwright-conversation-${conversationId}`);

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/** Holds conversations' locks for this tab. */
export class ConversationLock {
  private readonly holding = new Set<string>();

  constructor(
    private readonly locks: LockManagerLike | undefined = browserLocks(),
    private readonly scopeName: (base: string) => string = (base) => base,
  ) {}

  /**
   * Runs `task` holding conversation `id`'s lock, if no tab holds it; the lock is released when the
   * task settles. Resolves false, without running the task, when another tab (or this one) holds it.
   */
  async tryHold(id: string, task: () => Promise<void>): Promise<boolean> {
    if (this.holding.has(id)) return false;
    const run = async (): Promise<boolean> => {
      this.holding.add(id);
      try {
        await task();
      } finally {
        this.holding.delete(id);
      }
      return true;
    };
    if (!this.locks) return run();
    return this.locks.request(
      conversationLockName(id, this.scopeName),
      { ifAvailable: true },
      (lock) => (lock ? run() : false),
    );
  }

  /**
   * Settles when no tab holds conversation `id`'s lock any more (the turn there ended, or its tab
   * closed). Never settles without Web Locks.
   */
  whenFree(id: string): Promise<void> {
    const locks = this.locks;
    if (!locks) return new Promise(() => undefined);
    return locks.request(conversationLockName(id, this.scopeName), {}, () => undefined);
  }

  /** True when another tab holds conversation `id`'s lock (a turn runs there). */
  async heldElsewhere(id: string): Promise<boolean> {
    if (!this.locks || this.holding.has(id)) return false;
    try {
      const state = await this.locks.query();
      return (state.held ?? []).some(
        (lock) => lock.name === conversationLockName(id, this.scopeName),
      );
    } catch {
      return false;
    }
  }
}

function browserLocks(): LockManagerLike | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator
    ? (navigator.locks as unknown as LockManagerLike)
    : undefined;
}

// Writes a conversation's steps to IndexedDB: each step at once, streamed text at most every 250 ms,
// one write in flight at a time, so storage never falls behind what the person saw.
import type { AgentSnapshot } from '../agent/types';
import type { ConversationStore } from '../storage/conversation-store';
import type { TurnRecord } from './transcript';

/** What the page stashes synchronously as it unloads, when an IndexedDB write may not finish. */
export interface UnloadStash {
  index: number;
  turn: TurnRecord;
  snapshot?: AgentSnapshot;
}

const stashKey = (conversationId: string): string => `mapwright.unsaved.${conversationId}`;

/** Takes (and removes) what the page stashed for this conversation as it unloaded, if anything. */
export function takeUnloadStash(
  conversationId: string,
  storage: Storage = sessionStorage,
): UnloadStash | undefined {
  try {
    const text = storage.getItem(stashKey(conversationId));
    storage.removeItem(stashKey(conversationId));
    return text ? (JSON.parse(text) as UnloadStash) : undefined;
  } catch {
    return undefined;
  }
}

/** Coalesces and orders writes for one conversation. */
export class ConversationWriter {
  private readonly dirty = new Map<number, TurnRecord>();
  private snapshot: AgentSnapshot | undefined;
  private lastTurn: { index: number; turn: TurnRecord } | undefined;
  private lastSnapshot: AgentSnapshot | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: ConversationStore,
    readonly conversationId: string,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly delayMs = 250,
  ) {}

  /** A turn changed; `urgent` writes now (a step), otherwise within the delay (streamed text). */
  turnChanged(index: number, turn: TurnRecord, urgent: boolean): void {
    this.dirty.set(index, turn);
    this.lastTurn = { index, turn };
    this.schedule(urgent);
  }

  /** The agent's state changed (after every step). */
  snapshotChanged(snapshot: AgentSnapshot): void {
    this.snapshot = snapshot;
    this.lastSnapshot = snapshot;
    this.schedule(true);
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

  /**
   * The page is going away (pagehide): IndexedDB writes started now may never finish, so the turn
   * changed last (as it stands) and the last snapshot go to sessionStorage, synchronously, for
   * `takeUnloadStash` after the reload. Also starts the pending writes, in case they do finish.
   */
  stashForUnload(storage: Storage = sessionStorage): void {
    void this.flush();
    if (!this.lastTurn) return;
    const stash: UnloadStash = {
      ...this.lastTurn,
      ...(this.lastSnapshot ? { snapshot: this.lastSnapshot } : {}),
    };
    try {
      storage.setItem(stashKey(this.conversationId), JSON.stringify(stash));
    } catch {
      // Over quota or not serialisable (huge result rows): the last IndexedDB write stands.
    }
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
    const turns = [...this.dirty];
    this.dirty.clear();
    const snapshot = this.snapshot;
    this.snapshot = undefined;
    if (turns.length === 0 && snapshot === undefined) return;
    try {
      if (turns.length === 0) {
        await this.store.saveSnapshot(this.conversationId, snapshot);
        return;
      }
      for (const [position, [index, turn]] of turns.entries()) {
        await this.store.saveStep(this.conversationId, {
          index,
          turn: structuredClone(turn),
          title: turn.userText.slice(0, 60),
          ...(position === turns.length - 1 && snapshot !== undefined ? { snapshot } : {}),
        });
      }
    } catch (error) {
      this.onError(error);
    }
  }
}

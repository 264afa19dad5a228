// The agent's persisted state. Messages are never mutated once stored, so a snapshot is a cheap copy.
import type { AgentErrorInfo, AgentSnapshot, AgentStatus, Message, PendingTurn } from './types';

/** History, status and pending turn, with a notification after every step. */
export class ConversationState {
  history: Message[];
  status: AgentStatus;
  pendingTurn: PendingTurn | undefined;
  error: AgentErrorInfo | undefined;
  private readonly listeners = new Set<(snapshot: AgentSnapshot) => void>();

  constructor(
    snapshot: Omit<AgentSnapshot, 'version'>,
    private readonly warn: (message: string) => void,
  ) {
    this.history = [...snapshot.history];
    this.status = snapshot.status;
    this.pendingTurn = snapshot.pendingTurn;
    this.error = snapshot.error;
  }

  /** Stores a message at the end of the history. */
  append(message: Message): void {
    this.history.push(message);
  }

  /** Plain JSON of the current state. */
  snapshot(): AgentSnapshot {
    return {
      version: 1,
      history: [...this.history],
      status: this.status,
      ...(this.pendingTurn ? { pendingTurn: { ...this.pendingTurn } } : {}),
      ...(this.error ? { error: this.error } : {}),
    };
  }

  /** Tells storage that a step finished. */
  commit(): void {
    if (this.listeners.size === 0) return;
    const snapshot = this.snapshot();
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.warn(
          `A state listener failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  /** Calls `listener` with a snapshot after every step; returns an unsubscribe function. */
  onCommit(listener: (snapshot: AgentSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

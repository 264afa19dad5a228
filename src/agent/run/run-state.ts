// One run's working copy of the agent's state. The run builds it from the state it was given and hands
// every step back through `commit`; nothing here outlives the run (the document owns the state).
import { errorMessage } from '../../errors/error-message';
import type {
  AgentErrorInfo,
  AgentState,
  AgentStatus,
  ContextSummary,
  Message,
  PendingTurn,
} from '../types';

/** History, status, pending turn and summary of one run, handed back after every step. */
export class RunState {
  history: Message[];
  status: AgentStatus;
  pendingTurn: PendingTurn | undefined;
  error: AgentErrorInfo | undefined;
  contextSummary: ContextSummary | undefined;

  constructor(
    state: AgentState,
    private readonly write: (state: AgentState) => void,
    private readonly warn: (message: string) => void,
  ) {
    this.history = [...state.history];
    this.status = state.status;
    this.pendingTurn = state.pendingTurn;
    this.error = state.error;
    this.contextSummary = state.contextSummary;
  }

  /** Stores a message at the end of the history. */
  append(message: Message): void {
    this.history.push(message);
  }

  /** Plain JSON of the current state (messages are never mutated once stored, so a copy is cheap). */
  snapshot(): AgentState {
    return {
      history: [...this.history],
      status: this.status,
      ...(this.pendingTurn ? { pendingTurn: { ...this.pendingTurn } } : {}),
      ...(this.error ? { error: this.error } : {}),
      ...(this.contextSummary ? { contextSummary: this.contextSummary } : {}),
    };
  }

  /** Hands the step to the document. */
  commit(): void {
    try {
      this.write(this.snapshot());
    } catch (error) {
      this.warn(`Writing the state failed: ${errorMessage(error)}`);
    }
  }
}

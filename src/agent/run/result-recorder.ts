// Results are stored as soon as each call finishes, so a reload never loses a finished call, yet the
// history keeps call order: a result is inserted before the stored results of later calls.
import type { ToolMessage } from '../types';
import type { RunContext } from './run-context';

/** Inserts tool messages into the history in call order as they finish, committing after each. */
export class ResultRecorder {
  private readonly finished = new Set<number>();
  /** Call index of each call of the round's assistant message, by call id. */
  private readonly indexById = new Map<string, number>();

  constructor(private readonly run: RunContext) {
    const history = run.state.history;
    for (let index = history.length - 1; index >= 0; index -= 1) {
      const message = history[index];
      if (message?.role !== 'assistant') continue;
      (message.toolCalls ?? []).forEach((call, callIndex) =>
        this.indexById.set(call.id, callIndex),
      );
      break;
    }
  }

  /** Stores the result of call `callIndex` after the results of the calls before it, and commits. */
  record(callIndex: number, message: ToolMessage): void {
    if (this.finished.has(callIndex)) return;
    this.finished.add(callIndex);
    this.indexById.set(message.toolCallId, callIndex);
    const history = this.run.state.history;
    let insertAt = history.length;
    while (insertAt > 0) {
      const previous = history[insertAt - 1];
      if (previous?.role !== 'tool') break;
      const previousIndex = this.indexById.get(previous.toolCallId);
      if (previousIndex === undefined || previousIndex < callIndex) break;
      insertAt -= 1;
    }
    history.splice(insertAt, 0, message);
    this.run.state.commit();
  }

  /** True when this call already has a result. */
  has(callIndex: number): boolean {
    return this.finished.has(callIndex);
  }
}

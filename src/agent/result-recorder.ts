// Results are stored in call order as they finish: a finished call waits only for the calls before it.
import type { RunContext } from './run-context';
import type { ToolMessage } from './types';

/** Appends tool messages to the history in call order, committing after each. */
export class ResultRecorder {
  private readonly finished = new Map<number, ToolMessage>();
  private position = 0;

  constructor(
    private readonly run: RunContext,
    private readonly order: readonly number[],
  ) {}

  /** Records the result of call `callIndex`; stores it and any results that were waiting on it. */
  record(callIndex: number, message: ToolMessage): void {
    this.finished.set(callIndex, message);
    let stored = false;
    for (;;) {
      const next = this.order[this.position];
      const ready = next === undefined ? undefined : this.finished.get(next);
      if (!ready) break;
      this.run.state.append(ready);
      this.position += 1;
      stored = true;
    }
    if (stored) this.run.state.commit();
  }

  /** True when this call already has a result. */
  has(callIndex: number): boolean {
    return this.finished.has(callIndex);
  }
}

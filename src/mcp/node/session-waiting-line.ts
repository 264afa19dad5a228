// Newcomers to a session table with no room: rather than be refused at once, an `initialize` waits a
// few seconds, in arrival order, for a session to end or settle into idleness (and so be closable for
// room). A burst of clients that each open a session, ask one thing and leave then all get answers.
import type { SessionRefusal, SessionTable } from './session-table';

/** How long an `initialize` waits for room by default before it is answered 503. */
export const DEFAULT_SESSION_WAIT_MS = 10_000;

/** How long newcomers wait and how many may. */
export interface SessionWaitingLineOptions {
  /** Longest wait for room; 0 refuses at once. */
  maxWaitMs: number;
  /** Newcomers waiting at once; one more is refused at once, so waiting sockets stay bounded. */
  maxWaiting: number;
}

interface Waiter {
  client: string;
  refusal: SessionRefusal;
  settle(refusal: SessionRefusal | undefined): void;
}

/** Admits newcomers to a session table as room comes free, first come first served per client. */
export class SessionWaitingLine {
  private readonly waiters: Waiter[] = [];
  private readonly unsubscribe: () => void;
  private retryTimer: NodeJS.Timeout | undefined;
  private pumping = false;

  constructor(
    private readonly table: SessionTable,
    private readonly options: SessionWaitingLineOptions,
  ) {
    this.unsubscribe = table.onFreed(() => this.pump());
  }

  /** Newcomers waiting now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Reserves a place for `client` (see SessionTable.reserve), waiting for one when there is none;
   * resolves with the refusal when none came in time or `signal` aborted (the client went away).
   */
  admit(client: string, signal?: AbortSignal): Promise<SessionRefusal | undefined> {
    // Those already waiting get any place that came free before this newcomer does.
    this.pump();
    const refusal = this.table.reserve(client);
    if (!refusal || this.options.maxWaitMs <= 0 || signal?.aborted) {
      return Promise.resolve(refusal);
    }
    if (this.waiters.length >= this.options.maxWaiting) return Promise.resolve(refusal);
    return new Promise((resolve) => {
      const settle = (outcome: SessionRefusal | undefined) => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const waiter: Waiter = { client, refusal, settle };
      const onAbort = () => settle(waiter.refusal);
      const timer = setTimeout(() => {
        this.pump();
        if (this.waiters.includes(waiter)) settle(waiter.refusal);
      }, this.options.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.scheduleRetry();
    });
  }

  /** Refuses everyone waiting (the server is stopping). */
  close(): void {
    this.unsubscribe();
    clearTimeout(this.retryTimer);
    for (const waiter of [...this.waiters]) waiter.settle(waiter.refusal);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (const waiter of [...this.waiters]) {
        const refusal = this.table.reserve(waiter.client);
        if (refusal) waiter.refusal = refusal;
        else waiter.settle(undefined);
      }
    } finally {
      this.pumping = false;
    }
    this.scheduleRetry();
  }

  /** An idle session that is still settling becomes closable later without any event: look again then. */
  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.waiters.length === 0) return;
    const wait = this.table.msUntilSettled();
    if (wait === undefined) return;
    this.retryTimer = setTimeout(() => this.pump(), Math.max(10, wait + 1));
    this.retryTimer.unref();
  }
}

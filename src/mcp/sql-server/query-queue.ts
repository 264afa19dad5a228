// A server's query slots: at most N queries run at once, later ones wait in arrival order, and once the
// waiting line is full a query is turned away as busy instead of piling up.
import { QueryBusyError, QueryCancelledError } from '../../data/query-errors';

/** How many queries a server runs at once and how many it lets wait. */
export interface QueryQueueLimits {
  /** Queries running at the same time (at least 1). */
  maxConcurrent: number;
  /** Queries waiting for a slot (0 or more); one more is refused as busy. */
  maxQueued: number;
}

/** How one query waits for its slot. */
export interface QueryWaitOptions {
  /** Aborting it takes a waiting query out of the line (QueryCancelledError). */
  signal?: AbortSignal;
  /** Longest wait for a slot, after which the query is refused as busy; no bound when absent. */
  maxWaitMs?: number;
}

interface Waiter {
  start(): void;
}

/** Runs queries under a concurrency limit, first come first served. */
export class QueryQueue {
  private runningCount = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly limits: QueryQueueLimits) {
    if (!Number.isInteger(limits.maxConcurrent) || limits.maxConcurrent < 1) {
      throw new RangeError(
        `maxConcurrent must be a whole number of at least 1, not ${limits.maxConcurrent}.`,
      );
    }
    if (!Number.isInteger(limits.maxQueued) || limits.maxQueued < 0) {
      throw new RangeError(
        `maxQueued must be a whole number of at least 0, not ${limits.maxQueued}.`,
      );
    }
  }

  /** Queries holding a slot now. */
  get running(): number {
    return this.runningCount;
  }

  /** Queries waiting for a slot now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Runs `work` once a slot is free and holds the slot until `work` settles, so the slot stays taken for
   * as long as the engine is still busy with the query, even after it was stopped.
   */
  async run<T>(work: () => Promise<T>, options: QueryWaitOptions = {}): Promise<T> {
    await this.acquire(options);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire({ signal, maxWaitMs }: QueryWaitOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    if (this.runningCount < this.limits.maxConcurrent && this.waiters.length === 0) {
      this.runningCount += 1;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.limits.maxQueued) {
      return Promise.reject(
        new QueryBusyError(
          'queue full',
          `${this.runningCount} ${this.runningCount === 1 ? 'query is' : 'queries are'} running and ` +
            `${this.waiters.length} more waiting, as many as it queues`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        stopWatching();
        reject(error);
      };
      const onAbort = () => leave(new QueryCancelledError());
      const timer =
        maxWaitMs !== undefined
          ? setTimeout(
              () =>
                leave(
                  new QueryBusyError(
                    'waited too long',
                    `no query slot came free within ${maxWaitMs} ms, so this query did not start`,
                  ),
                ),
              maxWaitMs,
            )
          : undefined;
      const stopWatching = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        start: () => {
          stopWatching();
          this.runningCount += 1;
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    this.runningCount -= 1;
    this.waiters.shift()?.start();
  }
}

// A server's query slots: at most N queries run at once, later ones wait in arrival order, and once the
// waiting line is full a query is turned away as busy instead of piling up. One owner (a session) never
// holds every slot, so its long queries cannot keep another session's `SELECT 1` waiting for them.
import { QueryBusyError, QueryCancelledError } from '../../data/query-errors';

/** How many queries a server runs at once and how many it lets wait. */
export interface QueryQueueLimits {
  /** Queries running at the same time (at least 1). */
  maxConcurrent: number;
  /** Queries waiting for a slot (0 or more); one more is refused as busy. */
  maxQueued: number;
  /**
   * Queries one owner may run at once: one fewer than `maxConcurrent` by default (at least 1), so a
   * slot is always left for someone else.
   */
  maxConcurrentPerOwner?: number;
}

/** How one query waits for its slot. */
export interface QueryWaitOptions {
  /** Aborting it takes a waiting query out of the line (QueryCancelledError). */
  signal?: AbortSignal;
  /** Longest wait for a slot, after which the query is refused as busy; no bound when absent. */
  maxWaitMs?: number;
  /** Whose query it is (a session id); without one, the per-owner limit does not apply. */
  owner?: string;
}

interface Waiter {
  owner: string | undefined;
  start(): void;
}

/**
 * Runs queries under a concurrency limit, first come first served, except that a query whose owner
 * already runs its share lets later queries of other owners go first.
 */
export class QueryQueue {
  private runningCount = 0;
  private readonly runningByOwner = new Map<string, number>();
  private readonly waiters: Waiter[] = [];
  private readonly maxPerOwner: number;

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
    this.maxPerOwner = limits.maxConcurrentPerOwner ?? Math.max(1, limits.maxConcurrent - 1);
    if (!Number.isInteger(this.maxPerOwner) || this.maxPerOwner < 1) {
      throw new RangeError(
        `maxConcurrentPerOwner must be a whole number of at least 1, not ${this.maxPerOwner}.`,
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
      this.release(options.owner);
    }
  }

  /** Whether a query of `owner` may take a slot now. */
  private canStart(owner: string | undefined): boolean {
    if (this.runningCount >= this.limits.maxConcurrent) return false;
    return owner === undefined || (this.runningByOwner.get(owner) ?? 0) < this.maxPerOwner;
  }

  private take(owner: string | undefined): void {
    this.runningCount += 1;
    if (owner !== undefined)
      this.runningByOwner.set(owner, (this.runningByOwner.get(owner) ?? 0) + 1);
  }

  private acquire({ signal, maxWaitMs, owner }: QueryWaitOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    // Whoever still waits while a slot is free waits for its owner's share, so a newcomer of another
    // owner does not jump ahead of anyone who could run.
    if (this.canStart(owner)) {
      this.take(owner);
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
        owner,
        start: () => {
          stopWatching();
          this.take(owner);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private release(owner: string | undefined): void {
    this.runningCount -= 1;
    if (owner !== undefined) {
      const left = (this.runningByOwner.get(owner) ?? 0) - 1;
      if (left > 0) this.runningByOwner.set(owner, left);
      else this.runningByOwner.delete(owner);
    }
    // The first waiter whose owner is under its share starts; one freed slot may let two start when
    // a slot was already free and only this owner's share held its next query back.
    for (const waiter of [...this.waiters]) {
      if (!this.canStart(waiter.owner)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.start();
    }
  }
}

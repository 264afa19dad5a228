// When a connection tries again: backoff between attempts that doubles up to a ceiling, and a wait that
// ends early when something says the server may be back (the page became visible, the network returned).

/** How discovery or reconnection retries: attempts in all, and the backoff between them. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * How a server that went away is reconnected unless the hub is told otherwise: for as long as the page
 * is open, from 1 s doubling up to a minute. Laptops sleep and servers restart later than a minute.
 */
export const FOREVER_RECONNECT: RetryPolicy = {
  attempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
};

/** The pause before attempt `attempt + 1`, after attempt `attempt` (from 1) failed. */
export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
}

/** Pauses between attempts that a wake-up can cut short. */
export class ReconnectSchedule {
  private wakeWaiting: (() => void) | undefined;

  /** Resolves after `ms`, or at once when `wake` is called meanwhile. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wakeWaiting === done) this.wakeWaiting = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeWaiting = done;
    });
  }

  /** Ends the pause under way, so the next attempt starts now; true if one was waiting. */
  wake(): boolean {
    const waiting = this.wakeWaiting;
    waiting?.();
    return waiting !== undefined;
  }
}

// Asks again when a load fails for a passing reason: the network dropped ("Failed to fetch") or the
// server was busy or in between (HTTP 408, 429, 5xx). On a loaded machine `npm start`'s server drops a
// request now and then; one failed fetch must not leave a dataset or a basemap tile missing for the
// visit. p-retry does the waiting (doubling, with jitter) and tells a network error from a bug.
import pRetry, { AbortError } from 'p-retry';

/** HTTP statuses worth asking again: a timeout, too many requests, a server error. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A response that failed: transient ones are asked again, the others (404, 403) are not. */
export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

/** How often and how patiently to ask again. */
export interface RetryTransientOptions {
  /** Attempts after the first (default 3). */
  retries?: number;
  /** The first wait in milliseconds (default 500), doubling each time. */
  minTimeoutMs?: number;
  /** Stops asking (and waiting) when aborted: the tile or the table is no longer wanted. */
  signal?: AbortSignal;
  /** Told before each wait, with the failure and the attempt that failed (from 1). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `attempt`, and again after a wait when it fails for a passing reason, until it succeeds or
 * `retries` are spent; then throws the last failure. An `HttpStatusError` of a lasting status is
 * thrown at once, as is a TypeError that is no network error (a bug asked again stays a bug).
 */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  options: RetryTransientOptions = {},
): Promise<T> {
  return pRetry(
    async () => {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof HttpStatusError && !isTransientStatus(error.status))
          throw new AbortError(error);
        throw error;
      }
    },
    {
      retries: options.retries ?? 3,
      minTimeout: options.minTimeoutMs ?? 500,
      factor: 2,
      randomize: true,
      ...(options.signal ? { signal: options.signal } : {}),
      // Asked only of failures worth asking again, before their wait.
      shouldRetry: ({ error, attemptNumber }) => {
        // A stop, or an answer from a host the page may not read, is final: asking again changes nothing.
        if (error.name === 'AbortError' || error.name === 'DataHostRefusedError') return false;
        options.onRetry?.(error, attemptNumber);
        return true;
      },
    },
  );
}

/**
 * `fetchImpl` asking again after a dropped connection or a passing status; any other answer (a 404
 * too) is the caller's to read. After the last retry a passing status throws `HttpStatusError`.
 */
export function fetchRetrying(
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  options: Omit<RetryTransientOptions, 'signal'> = {},
): (url: string, init?: RequestInit) => Promise<Response> {
  return (url, init) =>
    retryTransient(
      async () => {
        const response = await fetchImpl(url, init);
        if (!isTransientStatus(response.status)) return response;
        await response.body?.cancel();
        throw new HttpStatusError(url, response.status);
      },
      { ...options, ...(init?.signal ? { signal: init.signal } : {}) },
    );
}

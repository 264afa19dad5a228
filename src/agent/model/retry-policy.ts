// Which model failures are retried, and after how long. Providers report status, retryable and
// retryAfterMs (ModelErrorFields); the agent duck-types them so it never imports a provider.
import type { ModelErrorFields } from '../types';

/** How the agent retries a failed model call. */
export interface RetryOptions {
  /** Retries after the first attempt; default 2, clamped to 0..2. */
  maxRetries?: number;
  /** First backoff step in milliseconds; default 1000. Doubles each attempt. */
  baseDelayMs?: number;
  /** Longest backoff (not applied to Retry-After); default 30 s. */
  maxDelayMs?: number;
  /** Waits; injectable so tests are instant. Must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1); injectable so tests are deterministic. */
  random?: () => number;
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const NETWORK_MESSAGE =
  /fetch failed|failed to fetch|networkerror|network error|load failed|econnreset|econnrefused|socket hang up/i;
const TRANSIENT_MESSAGE = /overloaded|rate[ -_]?limit/i;

/** True for HTTP 429/500/502/503/504, network failures and "overloaded" / "rate limit" messages. */
export function isRetryableModelError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as ModelErrorFields & { name?: unknown; message?: unknown };
  if (fields.name === 'AbortError') return false;
  if (fields.retryable === true) return true;
  if (typeof fields.status === 'number' && RETRYABLE_STATUSES.has(fields.status)) return true;
  const message = typeof fields.message === 'string' ? fields.message : '';
  if (error instanceof TypeError && NETWORK_MESSAGE.test(message)) return true;
  if (fields.retryable === false) return false;
  return TRANSIENT_MESSAGE.test(message);
}

/** Parses a Retry-After value (delay in seconds, or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's requested wait, from `retryAfterMs`, a `retryAfter` value or a `headers` object. */
export function retryAfterOf(error: unknown, now: number): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as ModelErrorFields & { retryAfter?: unknown; headers?: unknown };
  if (typeof fields.retryAfterMs === 'number' && fields.retryAfterMs >= 0)
    return fields.retryAfterMs;
  if (typeof fields.retryAfter === 'number') return Math.round(fields.retryAfter * 1000);
  if (typeof fields.retryAfter === 'string') return parseRetryAfter(fields.retryAfter, now);
  const headers = fields.headers as { get?: (name: string) => string | null } | undefined;
  const header = typeof headers?.get === 'function' ? headers.get('retry-after') : null;
  return header ? parseRetryAfter(header, now) : undefined;
}

/** Milliseconds to wait before retry number `attempt` (0 for the first retry). */
export function retryDelayMs(
  error: unknown,
  attempt: number,
  options: Required<RetryOptions>,
  now: number,
): number {
  const requested = retryAfterOf(error, now);
  if (requested !== undefined) return requested;
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  // Equal jitter: half fixed, half random, so clients that failed together do not retry together.
  return Math.round(step / 2 + options.random() * (step / 2));
}

/** Waits `ms`, rejecting when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry options with defaults filled in. */
export function resolveRetryOptions(options: RetryOptions = {}): Required<RetryOptions> {
  return {
    maxRetries: Math.max(0, Math.min(2, Math.floor(options.maxRetries ?? 2))),
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };
}

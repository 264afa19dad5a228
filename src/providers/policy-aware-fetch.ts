// A fetch that says when the page's Content-Security-Policy refused a request, or when it failed because
// the browser has no network. The browser rejects both with the same TypeError as a server that is
// down; the `securitypolicyviolation` event (the page's violations of connect-src, matched by origin)
// and `navigator.onLine` tell them apart.
import type { FetchFunction } from './provider-options';

/** How long to wait, after a fetch failed, for the violation event the browser queues as a task. */
const VIOLATION_GRACE_MS = 50;

/** Origins the policy refused, most recent last; kept small. */
const refusedOrigins: string[] = [];
let watching = false;

function originOf(url: string): string | undefined {
  try {
    return new URL(url, document.baseURI).origin;
  } catch {
    return undefined;
  }
}

function watchViolations(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!/^connect-src/.test(event.effectiveDirective || event.violatedDirective)) return;
    const origin = originOf(event.blockedURI);
    if (origin === undefined) return;
    refusedOrigins.push(origin);
    if (refusedOrigins.length > 20) refusedOrigins.shift();
  });
}

/** The error a policy-refused request rejects with; the providers read `blockedByPolicy`. */
export class BlockedByPolicyError extends TypeError {
  /** Read by the providers' fetch-failure mapping. */
  readonly blockedByPolicy = true;
  constructor(readonly url: string) {
    super(`The page's Content-Security-Policy refused a connection to ${url}.`);
    this.name = 'BlockedByPolicyError';
  }
}

/** The error a request sent while the browser has no network rejects with; the providers read `offline`. */
export class OfflineError extends TypeError {
  /** Read by the providers' fetch-failure mapping. */
  readonly offline = true;
  constructor(readonly url: string) {
    super(`This device is offline: the request to ${url} could not be sent.`);
    this.name = 'OfflineError';
  }
}

/**
 * The global fetch, rejecting with BlockedByPolicyError when the page's policy refused the request and
 * with OfflineError when it failed while the browser had no network.
 */
export function policyAwareFetch(): FetchFunction {
  watchViolations();
  return async (input, init) => {
    const origin = originOf(input);
    const before = refusedOrigins.length;
    try {
      return await globalThis.fetch(input, init);
    } catch (error) {
      if (!(error instanceof TypeError) || init.signal?.aborted) throw error;
      const refused = (): boolean =>
        origin !== undefined && refusedOrigins.slice(before).includes(origin);
      if (!refused()) await new Promise((resolve) => setTimeout(resolve, VIOLATION_GRACE_MS));
      if (refused()) throw new BlockedByPolicyError(input);
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        throw new OfflineError(input);
      throw error;
    }
  };
}

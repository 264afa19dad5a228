// After the page's fetch got no answer from an MCP server: is the server down, does it only refuse pages
// from other origins (no CORS headers), or did the page's own policy stop the request? The browser gives
// the same TypeError for all three; a no-cors request (which CORS does not stop) and the policy's
// violation event tell them apart.

/** What a URL the page got no answer from turned out to be. */
export type Reachability = 'answers' | 'silent' | 'blocked-by-policy';

/** How long the probe waits for an answer. */
const PROBE_TIMEOUT_MS = 3000;
/** How long to wait, after the probe failed, for the violation event the browser queues as a task. */
const VIOLATION_GRACE_MS = 50;

/**
 * Probes `url` from the page; undefined outside a page (Node's fetch names the socket error itself) or
 * when the URL cannot be read.
 */
export async function probeReachable(
  url: string,
  fetchFunction: typeof fetch = globalThis.fetch,
): Promise<Reachability | undefined> {
  if (typeof document === 'undefined') return undefined;
  let origin: string;
  try {
    origin = new URL(url, document.baseURI).origin;
  } catch {
    return undefined;
  }
  let refused = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    try {
      if (new URL(event.blockedURI, document.baseURI).origin === origin) refused = true;
    } catch {
      // A blocked URI that is not a URL ("inline", "eval") is about something else.
    }
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), PROBE_TIMEOUT_MS);
  try {
    // Opaque, and only to learn that something answered: the response (an SSE stream, perhaps) is
    // dropped at once.
    await fetchFunction(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: stop.signal,
    });
    return 'answers';
  } catch {
    await new Promise((resolve) => setTimeout(resolve, VIOLATION_GRACE_MS));
    return refused ? 'blocked-by-policy' : 'silent';
  } finally {
    clearTimeout(timer);
    stop.abort();
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

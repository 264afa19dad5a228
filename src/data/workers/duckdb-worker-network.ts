// What the DuckDB worker may reach on the network, enforced inside the worker itself. DuckDB-WASM reads
// URLs with synchronous XMLHttpRequests, and DuckDB checks only the first URL against its allowed
// directories: the browser follows a redirect by itself, so an allowed host that redirects would hand
// DuckDB another host's answer. Here every request the worker makes must name an allowed origin, and an
// answer that arrives from any other origin (after a redirect) is refused before DuckDB reads a byte of
// it. A synchronous request cannot be told not to follow a redirect, so the request to the other host
// can still be made; the worker's own Content-Security-Policy (scripts/publish/duckdb-worker-policy.ts), where
// the host sends it, stops that request too.

/** The globals of a worker scope this guard replaces. */
export interface WorkerNetworkScope {
  XMLHttpRequest: typeof XMLHttpRequest;
  fetch: typeof fetch;
  location: { href: string };
  WebSocket?: unknown;
  EventSource?: unknown;
}

/** A request the data engine may not make, or an answer it may not read; the message says which. */
export class DataHostRefusedError extends Error {
  override readonly name = 'DataHostRefusedError';
}

/**
 * The worker's sentence inside an error DuckDB reports for a refused read (`Invalid Error:
 * DataHostRefusedError: The read of … LINE 1: …`), or `undefined` when the error is another.
 */
export function dataHostRefusalIn(message: string): string | undefined {
  return /DataHostRefusedError: ([^\n]+)/.exec(message)?.[1];
}

function hostRefusal(target: URL): string {
  return (
    `The data engine may not read ${target.href}: ${target.origin} is not one of the page's data hosts ` +
    '(data.allowedHosts in app-config.json).'
  );
}

/** The sentence for an answer that came from `finalOrigin` after asking `target`. */
export function redirectRefusal(target: URL, finalOrigin: string): string {
  return (
    `The read of ${target.href} was refused: ${target.origin} redirected it to ${finalOrigin}, which is ` +
    "not one of the page's data hosts (data.allowedHosts), so nothing from it was read."
  );
}

function failedRequest(target: URL): string {
  return (
    `The read of ${target.href} failed: ${target.origin} did not answer, did not let this page read it ` +
    "(CORS), or redirected it to a host the page's policy does not allow (data.allowedHosts)."
  );
}

/**
 * Makes `scope`'s XMLHttpRequest and fetch refuse any origin but `allowedOrigins` and the worker's own,
 * for the request and for where its answer came from, and takes WebSocket and EventSource away.
 */
export function guardWorkerNetwork(
  scope: WorkerNetworkScope,
  allowedOrigins: readonly string[],
): void {
  const base = scope.location.href;
  const allowed = new Set([new URL(base).origin, ...allowedOrigins.map(originOf)]);
  // Where a URL was last seen to redirect to a host not allowed: asked again, it is not sent again.
  const redirected = new Map<string, string>();

  const checkTarget = (url: string | URL): URL => {
    const target = new URL(url, base);
    if (!allowed.has(target.origin)) throw new DataHostRefusedError(hostRefusal(target));
    const elsewhere = redirected.get(target.href);
    if (elsewhere !== undefined) {
      throw new DataHostRefusedError(redirectRefusal(target, elsewhere));
    }
    return target;
  };
  const checkArrival = (target: URL, responseUrl: string): void => {
    if (!responseUrl) return;
    const finalOrigin = new URL(responseUrl).origin;
    if (allowed.has(finalOrigin)) return;
    redirected.set(target.href, finalOrigin);
    throw new DataHostRefusedError(redirectRefusal(target, finalOrigin));
  };

  const Original = scope.XMLHttpRequest;
  class GuardedRequest extends Original {
    #target?: URL;
    #synchronous = false;

    override open(
      method: string,
      url: string | URL,
      async = true,
      username?: string | null,
      password?: string | null,
    ): void {
      const target = checkTarget(url);
      this.#target = target;
      this.#synchronous = !async;
      super.open(method, url, async, username, password);
      if (async) {
        // Registered before any handler the caller sets after open(), so a refused answer reaches none.
        this.addEventListener('readystatechange', (event) => {
          if (this.readyState < 2) return;
          try {
            checkArrival(target, this.responseURL);
          } catch {
            event.stopImmediatePropagation();
            this.abort();
          }
        });
      }
    }

    override send(body?: Document | XMLHttpRequestBodyInit | null): void {
      const target = this.#target;
      if (!this.#synchronous || target === undefined) {
        super.send(body);
        return;
      }
      try {
        super.send(body);
      } catch (error) {
        if (error instanceof DataHostRefusedError) throw error;
        throw new DataHostRefusedError(failedRequest(target));
      }
      checkArrival(target, this.responseURL);
    }
  }
  scope.XMLHttpRequest = GuardedRequest;

  const originalFetch = scope.fetch.bind(scope);
  scope.fetch = async (input, init) => {
    const target = checkTarget(input instanceof Request ? input.url : input);
    const response = await originalFetch(input, init);
    try {
      checkArrival(target, response.url);
    } catch (error) {
      void response.body?.cancel().catch(() => undefined);
      throw error;
    }
    return response;
  };

  // DuckDB-WASM reads over HTTP only; nothing in the worker has a use for a socket or an event stream.
  scope.WebSocket = refusedConstructor('WebSocket');
  scope.EventSource = refusedConstructor('EventSource');
}

function originOf(host: string): string {
  return new URL(host).origin;
}

function refusedConstructor(name: string): new () => object {
  return class {
    constructor() {
      throw new DataHostRefusedError(`The data engine does not open a ${name}.`);
    }
  };
}

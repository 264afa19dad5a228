// The page's reads of data files (a remote CSV's head, a dataset loaded whole, a layer's features) with
// the check the DuckDB worker makes on its own reads (duckdb-worker-network.ts): fetch follows a
// redirect by itself, so an allowed host that redirects would hand the page another host's answer, and
// its rows would reach the table, the map and the model. An answer that arrived from an origin other
// than the one asked, the page's own or a data host (data.allowedHosts) is refused unread.
import { DataHostRefusedError, redirectRefusal } from '../workers/duckdb-worker-network';

/** A fetch as the data engine and the map's dataset features call it. */
type DataFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Where a read may end: the data hosts, and the page's origin (`pageUrl`, the page's location by default). */
export interface DataHostFetchOptions {
  /** Origins of data.allowedHosts (and an embed's own files). */
  allowedHosts: readonly string[];
  pageUrl?: string;
}

/**
 * `fetchImpl` that refuses an answer whose final URL (`response.url`, after redirects) is on an origin
 * that is neither the one asked, the page's, nor a data host, with a DataHostRefusedError naming both.
 */
export function dataHostFetch<Fetch extends DataFetch>(
  fetchImpl: Fetch,
  options: DataHostFetchOptions,
): Fetch {
  const guarded: DataFetch = async (url, init) => {
    const response = await fetchImpl(url, init);
    const page = options.pageUrl ?? globalThis.location?.href;
    const target = new URL(url, page);
    // An answer made in a test or by a service worker may have no URL: nothing was redirected.
    if (!response.url) return response;
    const arrived = new URL(response.url).origin;
    const allowed = new Set([target.origin, ...options.allowedHosts.map(originOf)]);
    if (page !== undefined) allowed.add(new URL(page).origin);
    if (allowed.has(arrived)) return response;
    void response.body?.cancel().catch(() => undefined);
    throw new DataHostRefusedError(redirectRefusal(target, arrived));
  };
  return guarded as Fetch;
}

function originOf(host: string): string {
  return new URL(host).origin;
}

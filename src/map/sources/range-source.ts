// Ranges of a tile archive (PMTiles), read a tile at a time with HTTP range requests. A host that
// ignores ranges (`python -m http.server`, some CDNs) answers with the whole file instead: it is then
// kept and sliced, so the map still draws from any static host. A request that fails for a passing
// reason is asked again (web/retry-transient) before MapLibre is told the tile failed.
import { EtagMismatch, type RangeResponse, type Source } from 'pmtiles';
import { fetchRetrying } from '../../web/retry-transient';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Chromium on Windows has served stale cached ranges of a changed file; it reads them uncached. */
function bypassCache(): boolean {
  const agent = globalThis.navigator?.userAgent ?? '';
  return agent.includes('Windows') && /Chrome|Chromium|Edg|OPR/.test(agent);
}

/** A strong ETag, if the response has one (a weak one cannot tell two versions apart). */
function strongEtag(response: Response): string | undefined {
  const etag = response.headers.get('etag');
  return etag && !etag.startsWith('W/') ? etag : undefined;
}

/** Ranges of one archive: by range request, or from the whole file when the server sends all of it. */
export class RangeSource implements Source {
  private whole: Promise<ArrayBuffer> | undefined;

  constructor(
    private readonly url: string,
    // A dropped request or a busy server is asked again with a wait, so a tile is not left a hole.
    private readonly fetchFunction: Fetch = fetchRetrying((input, init) => fetch(input, init)),
  ) {}

  getKey(): string {
    return this.url;
  }

  async getBytes(
    offset: number,
    length: number,
    signal?: AbortSignal,
    etag?: string,
  ): Promise<RangeResponse> {
    if (!this.whole) {
      const response = await this.fetchFunction(this.url, {
        headers: { range: `bytes=${offset}-${offset + length - 1}` },
        ...(bypassCache() ? { cache: 'no-store' as const } : {}),
        ...(signal ? { signal } : {}),
      });
      const responseEtag = strongEtag(response);
      // The file changed since its directory was read: pmtiles reads the directory again.
      if (etag && responseEtag && responseEtag !== etag) {
        await response.body?.cancel();
        throw new EtagMismatch(`${this.url} changed while it was being read`);
      }
      if (response.status === 206) {
        return {
          data: await response.arrayBuffer(),
          ...(responseEtag ? { etag: responseEtag } : {}),
        };
      }
      if (response.status === 416) {
        // The range starts past the end of a small file: ask for all of it.
        await response.body?.cancel();
        this.keepWhole(this.fetchFunction(this.url).then((whole) => whole.arrayBuffer()));
      } else if (!response.ok) {
        throw new Error(`${this.url} answered HTTP ${response.status}`);
      } else {
        this.keepWhole(response.arrayBuffer());
      }
    }
    return { data: (await this.whole!).slice(offset, offset + length) };
  }

  /** Keeps the whole file; a download that fails is forgotten, so the next read tries again. */
  private keepWhole(body: Promise<ArrayBuffer>): void {
    this.whole = body;
    body.catch(() => {
      if (this.whole === body) this.whole = undefined;
    });
  }
}

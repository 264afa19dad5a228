// Ranges of a tile archive (PMTiles), read a tile at a time with HTTP range requests. A host that
// ignores ranges (`python -m http.server`, some CDNs) answers with the whole file instead: it is then
// kept and sliced, so the map still draws from any static host.
import type { RangeResponse, Source } from 'pmtiles';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Ranges of one archive: by range request, or from the whole file when the server sends all of it. */
export class RangeSource implements Source {
  private whole: Promise<ArrayBuffer> | undefined;

  constructor(
    private readonly url: string,
    private readonly fetchFunction: Fetch = (input, init) => fetch(input, init),
  ) {}

  getKey(): string {
    return this.url;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    const slice = async (): Promise<RangeResponse> => ({
      data: (await this.whole!).slice(offset, offset + length),
    });
    if (this.whole) return slice();
    const response = await this.fetchFunction(this.url, {
      headers: { range: `bytes=${offset}-${offset + length - 1}` },
      ...(signal ? { signal } : {}),
    });
    if (response.status === 206) return { data: await response.arrayBuffer() };
    if (response.status === 416) {
      // The range starts past the end of a small file: ask for all of it.
      await response.body?.cancel();
      this.whole = this.fetchFunction(this.url).then((whole) => whole.arrayBuffer());
      return slice();
    }
    if (!response.ok) throw new Error(`${this.url} answered HTTP ${response.status}`);
    this.whole = response.arrayBuffer();
    return slice();
  }
}

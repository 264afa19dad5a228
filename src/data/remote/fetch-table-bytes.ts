// A bundled table's file, fetched whole for DuckDB. A dropped connection or a busy server is asked
// again with a wait (web/retry-transient), so one failed request on a loaded machine does not leave
// the dataset out of the visit; a missing file fails at once.
import { HttpStatusError, retryTransient } from '../../web/retry-transient';
import type { TableSource } from '../data-engine';

/** The bytes of `source` (its own, or its `url`'s), asking again after a passing failure. */
export async function fetchTableBytes(
  source: TableSource,
  fetchImpl: typeof fetch,
  options: { signal?: AbortSignal; minTimeoutMs?: number } = {},
): Promise<Uint8Array> {
  if (source.bytes) return source.bytes;
  const url = source.url;
  if (!url) throw new Error(`Table ${source.table} has neither a url nor bytes to load.`);
  try {
    return await retryTransient(
      async () => {
        const response = await fetchImpl(url, options.signal ? { signal: options.signal } : {});
        if (!response.ok) throw new HttpStatusError(url, response.status);
        return new Uint8Array(await response.arrayBuffer());
      },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.minTimeoutMs !== undefined ? { minTimeoutMs: options.minTimeoutMs } : {}),
      },
    );
  } catch (error) {
    if (error instanceof HttpStatusError)
      throw new Error(
        `Could not load ${source.table} from ${url}: HTTP ${error.status}. Check the dataset url.`,
        { cause: error },
      );
    throw error;
  }
}

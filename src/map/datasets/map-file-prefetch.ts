// Starts downloading the files the map will draw as soon as the config is known, before MapLibre's
// code has arrived: the map module then takes the responses already under way instead of asking again.
import { fetchRetrying } from '../../web/retry-transient';
import type { AppConfig } from '../../config/app-config';
import type { FetchFunction } from './dataset-features';

/** The files the map fetches at boot for `config`, in the order it needs them. */
export function mapFileUrls(config: AppConfig): string[] {
  // The offline basemap, like the bundled layers, is read from tiles a tile at a time.
  const urls: string[] = [];
  for (const dataset of config.datasets) {
    // A tiled layer's files load after the map has drawn; its tiles are read a tile at a time.
    if (dataset.tiles !== undefined) continue;
    const geometry = dataset.geometry;
    if (geometry.kind === 'shapes') urls.push(geometry.url);
    else if (geometry.kind !== 'none') {
      const format = dataset.source.format;
      // Parquet and Arrow layers need the data engine, which loads after the map.
      if (format !== 'parquet' && format !== 'arrow') urls.push(dataset.source.url);
    }
  }
  return [...new Set(urls)];
}

/**
 * Fetches every map file of `config` now. The returned function hands each prefetched response out
 * once (a body can be read only once) and fetches anything else, or a second request, normally.
 */
export function prefetchMapFiles(
  config: AppConfig,
  // A dropped request or a busy server is asked again with a wait: a dataset's features, missing,
  // would leave its layer without fitting or joins for the visit.
  fetchFunction: FetchFunction = fetchRetrying((url) => fetch(url)),
): FetchFunction {
  const pending = new Map<string, Promise<Response>>();
  for (const url of mapFileUrls(config)) {
    const response = fetchFunction(url);
    // A failed prefetch is reported when the map asks for the file, not as an unhandled rejection.
    response.catch(() => undefined);
    pending.set(url, response);
  }
  return (url) => {
    const response = pending.get(url);
    if (!response) return fetchFunction(url);
    pending.delete(url);
    return response;
  };
}

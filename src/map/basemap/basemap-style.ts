// Picks the basemap style: a publisher's online style when it loads, else the bundled offline one.
import { AbortError } from 'p-retry';
import { errorMessage } from '../../errors/error-message';
import { HttpStatusError, isTransientStatus, retryTransient } from '../../web/retry-transient';
import { tileArchiveUrl } from '../sources/tile-archives';
import { basemapPalettes } from './basemap-palette';
import { basemapTilesPath, offlineStyle } from './offline-basemap';
import { pageColorScheme, schemeSource } from './page-color-scheme';
import type { BasemapConfig } from '../../config/app-config';
import type { FetchFunction } from '../datasets/dataset-features';

const onlineStyleTimeoutMs = 5000;

/**
 * The online style, asked again after a passing failure (a dropped connection, HTTP 5xx) as other
 * files are. The deadline is each attempt's: a server that answers 500 three times is reported as
 * HTTP 500 however long the waits between took on a busy machine, and one that never answers as
 * "no answer", once, without asking again. `fetchOnce` makes one request (no retrying of its own).
 */
async function fetchOnlineStyle(
  url: string,
  fetchOnce: FetchFunction,
): Promise<Record<string, unknown>> {
  const response = await retryTransient(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await Promise.race([
        fetchOnce(url),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new AbortError(`no answer in ${onlineStyleTimeoutMs / 1000} s`)),
            onlineStyleTimeoutMs,
          );
        }),
      ]);
      if (isTransientStatus(answer.status)) {
        await answer.body?.cancel();
        throw new HttpStatusError(url, answer.status);
      }
      return answer;
    } finally {
      clearTimeout(timer);
    }
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const style = (await response.json()) as Record<string, unknown>;
  if (style.version !== 8 || !Array.isArray(style.layers))
    throw new Error('it is not a MapLibre style (version 8)');
  return style;
}

/** The style to start the map with, and whether it is the offline one; tells the person when the online one failed. */
export async function resolveBasemapStyle(
  basemap: BasemapConfig,
  fetchOnce: FetchFunction,
  onNotice: (message: string) => void,
  place: { assetBase?: string | undefined; themeRoot?: HTMLElement | undefined } = {},
): Promise<{ style: Record<string, unknown>; offline: boolean }> {
  if (basemap.kind === 'style') {
    try {
      return { style: await fetchOnlineStyle(basemap.url, fetchOnce), offline: false };
    } catch (error) {
      onNotice(
        // The sentence names the URL once: a status that outlasted its retries says only its code.
        `The online basemap ${basemap.url} could not be loaded (${error instanceof HttpStatusError ? `HTTP ${error.status}` : errorMessage(error)}); showing the offline basemap instead.`,
      );
    }
  }
  // A failure to read its tiles is reported by the map like any layer's (see MapController).
  // Drawn in the page's theme from the first frame: a dark page never flashes a light map.
  return {
    style: offlineStyle(
      tileArchiveUrl(new URL(basemapTilesPath, place.assetBase ?? document.baseURI).toString()),
      basemapPalettes[pageColorScheme(schemeSource(place.themeRoot))],
    ),
    offline: true,
  };
}

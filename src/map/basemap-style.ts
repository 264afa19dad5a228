// Picks the basemap style: a publisher's online style when it loads, else the bundled offline one.
import { errorMessage } from '../errors/error-message';
import { HttpStatusError } from '../web/retry-transient';
import { basemapPalettes } from './basemap-palette';
import { basemapTilesPath, offlineStyle } from './offline-basemap';
import { pageColorScheme, schemeSource } from './page-color-scheme';
import { tileArchiveUrl } from './tile-archives';
import type { BasemapConfig } from '../config/app-config';
import type { FetchFunction } from './dataset-features';

const onlineStyleTimeoutMs = 5000;

async function fetchOnlineStyle(
  url: string,
  fetchFunction: FetchFunction,
): Promise<Record<string, unknown>> {
  const response = await Promise.race([
    fetchFunction(url),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer in ${onlineStyleTimeoutMs / 1000} s`)),
        onlineStyleTimeoutMs,
      ),
    ),
  ]);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const style = (await response.json()) as Record<string, unknown>;
  if (style.version !== 8 || !Array.isArray(style.layers))
    throw new Error('it is not a MapLibre style (version 8)');
  return style;
}

/** The style to start the map with, and whether it is the offline one; tells the person when the online one failed. */
export async function resolveBasemapStyle(
  basemap: BasemapConfig,
  fetchFunction: FetchFunction,
  onNotice: (message: string) => void,
  place: { assetBase?: string | undefined; themeRoot?: HTMLElement | undefined } = {},
): Promise<{ style: Record<string, unknown>; offline: boolean }> {
  if (basemap.kind === 'style') {
    try {
      return { style: await fetchOnlineStyle(basemap.url, fetchFunction), offline: false };
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

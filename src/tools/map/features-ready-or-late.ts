// Waits for every layer's features (tiled layers get theirs after the map drew), but not for ever: a
// file that takes long to load holds a caller back for a bounded time, after which it runs with what
// there is.
import type { MapPort } from './map-port';

/** The longest a caller waits for the layers' features, in milliseconds. */
export const featuresWaitMs = 15_000;

/** Settles when the map's features are ready or after `limitMs`, whichever comes first. */
export async function featuresReadyOrLate(
  map: Pick<MapPort, 'featuresReady'>,
  limitMs = featuresWaitMs,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    map.featuresReady(),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
}

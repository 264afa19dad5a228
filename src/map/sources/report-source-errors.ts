// Tells the person, once per layer, when its data or tiles fail to load (a missing tile archive, a
// server error), instead of leaving the layer silently empty; any other map error once per message.
import { sourceErrorMessage } from './source-error-message';
import type * as maplibregl from 'maplibre-gl';

/** Listens to the map's errors; `titleOf` names the layer of a source for the message. */
export function reportSourceErrors(
  map: maplibregl.Map,
  titleOf: (sourceId: string) => string | undefined,
  notify: (message: string) => void,
): void {
  const reported = new Set<string>();
  map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string; tile?: unknown }) => {
    const message = event.error?.message ?? 'unknown error';
    const key = event.sourceId ?? message;
    if (reported.has(key)) return;
    reported.add(key);
    notify(
      sourceErrorMessage(event.sourceId && titleOf(event.sourceId), {
        sourceId: event.sourceId,
        someTiles: event.tile !== undefined,
        message,
      }),
    );
  });
}

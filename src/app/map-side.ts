// The map's start: MapLibre (its code already loading), the basemap and the publisher's layers, the
// notices they raise, the phone's tabs following the map, and the moment it has drawn (or is late).
import { errorMessage } from '../errors/error-message';
import { prefetchMapFiles } from '../map/datasets/map-file-prefetch';
import { MountedPieces, type Mounted } from '../ui/mounted';
import type { AppConfig } from '../config/app-config';
import type { MapController } from '../map/map-controller';
import type { AppShell } from './app-shell';
import type { MountOptions } from './mount-options';
import type { StartedMap, startMap } from './start-map';

/** The longest what waits for the map's first draw (the data side, kept uploads) waits, in ms. */
const mapDrawnCapMs = 10_000;

/** The started map; its destroy removes the map and MapLibre's workers. */
export interface MapSide extends Mounted {
  /** Undefined when the map could not start (no WebGL); the rest of the app still runs. */
  controller: MapController | undefined;
  /** The layer each dataset was drawn as, by dataset id. */
  layerIds: Map<string, string>;
  /** Settles once the map has first drawn, `mapDrawnCapMs` after it started at the latest. */
  drawn: Promise<void>;
}

/**
 * Starts the map in the shell's map area with `start` (start-map's, imported apart so MapLibre's code
 * downloads while the config loads); a map that cannot start is reported on the banner.
 */
export async function startMapSide(
  start: Promise<typeof startMap>,
  shell: AppShell,
  config: AppConfig,
  options: Pick<MountOptions, 'assetBase' | 'themeRoot'>,
): Promise<MapSide> {
  const pieces = new MountedPieces();
  const { banner } = shell;
  // The basemap and layer files download while MapLibre's code is still arriving.
  const mapFiles = prefetchMapFiles(config);
  // The moment the map has drawn: its tiled layers' features still load after it (see startMap).
  const markMapIdle = (): void => void performance.mark('mapwright:map-idle');
  const { controller, layerIds, featuresWait } = await start
    .then((startMap) =>
      startMap(
        shell.mapContainer,
        config,
        {
          notify: (message) => banner.add(message),
          onFirstIdle: markMapIdle,
          ...(options.assetBase === undefined ? {} : { assetBase: options.assetBase }),
          ...(options.themeRoot === undefined ? {} : { themeRoot: options.themeRoot }),
        },
        mapFiles,
      ),
    )
    .catch((error: unknown): StartedMap => {
      banner.add(
        `The map could not load (${errorMessage(error)}); reload the page to try again. Chat and SQL still work.`,
      );
      return { controller: undefined, layerIds: new Map() };
    });
  // Last of the map side, the map itself goes.
  if (controller) pieces.add({ destroy: () => controller.destroy() });
  if (featuresWait) pieces.add(featuresWait);
  if (controller) pieces.add(shell.followMap(controller));
  const drawn = Promise.race([
    controller ? controller.firstIdle : Promise.resolve(),
    pieces.delay(mapDrawnCapMs),
  ]);
  return { controller, layerIds, drawn, destroy: () => pieces.destroy() };
}

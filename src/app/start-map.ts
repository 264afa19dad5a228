// Starts the map and its bundled layers; a map that cannot start (no WebGL) is reported, not thrown.
// This module is the app's only static path to maplibre-gl: mount-app imports it dynamically, so the
// config and the data files download while MapLibre's code is fetched and compiled.
import { dataHostFetch } from '../data/remote/data-host-fetch';
import { errorMessage } from '../errors/error-message';
import {
  addDatasetLayers,
  attachTiledFeatures,
  isTiled,
  loadAllDatasetFeatures,
} from '../map/dataset-layers';
import { MapController } from '../map/map-controller';
import { prewarmMapWorkers } from '../map/open-maplibre-map';
import type { AppConfig } from '../config/app-config';
import type { FetchFunction } from '../map/datasets/dataset-features';
import type { Mounted } from '../ui/mounted';

/** The longest tiled layers' features wait for the map to draw before they load anyway. */
const featuresWaitCapMs = 10_000;

/** The started map and which datasets it drew. */
export interface StartedMap {
  controller: MapController | undefined;
  layerIds: Map<string, string>;
  /** The wait for the map's first draw before the tiled layers' features load; destroyed with the app. */
  featuresWait?: Mounted;
}

/** What startMap tells its caller along the way. */
export interface StartMapHooks {
  /** Shows a message to the person. */
  notify: (message: string) => void;
  /** Called once, when the map has first drawn its basemap and boot layers. */
  onFirstIdle?: () => void;
  /** Where the bundled files are (an embed's module folder); the page's base by default. */
  assetBase?: string;
  /** The element whose theme the offline basemap follows (an embed's own element). */
  themeRoot?: HTMLElement;
}

/**
 * Creates the map in `container`, adds the dataset layers, and settles once they are added (tiled
 * layers' features load after the map has drawn: see `featuresReady`). `fetchFunction` is where the
 * map's files come from (mount-app passes one holding responses it started early). The layer panel is
 * mounted by mount-app, which knows the uploads it may remove.
 */
export async function startMap(
  container: HTMLElement,
  config: AppConfig,
  hooks: StartMapHooks,
  fetchFunction: FetchFunction = (url) => fetch(url),
): Promise<StartedMap> {
  const { notify } = hooks;
  // A layer's features are its dataset's rows: read only from where the data may come from, as the
  // data engine reads them (an answer redirected off the data hosts is refused).
  const featuresFetch = dataHostFetch(fetchFunction, { allowedHosts: config.data.allowedHosts });
  // The workers boot (each compiles MapLibre's worker script) while the files below download.
  prewarmMapWorkers();
  // Layers without tiles need their files parsed before they can be drawn: that starts now, while the
  // map and its workers start.
  const features = loadAllDatasetFeatures(
    config.datasets.filter((dataset) => !isTiled(dataset)),
    featuresFetch,
  );
  let controller: MapController;
  try {
    controller = await MapController.create(container, {
      config,
      // The online style is fetched once per attempt: its own retries keep each attempt's deadline.
      fetch: (url) => fetch(url),
      onNotice: notify,
      ...(hooks.assetBase === undefined ? {} : { assetBase: hooks.assetBase }),
      ...(hooks.themeRoot === undefined ? {} : { themeRoot: hooks.themeRoot }),
    });
  } catch (error) {
    notify(`The map could not start (${errorMessage(error)}). Chat and SQL still work.`);
    return { controller: undefined, layerIds: new Map() };
  }
  performance.mark('mapwright:map-loaded');
  if (hooks.onFirstIdle) void controller.firstIdle.then(hooks.onFirstIdle);
  let added: Awaited<ReturnType<typeof addDatasetLayers>>;
  try {
    added = await addDatasetLayers(controller, config.datasets, features, (url) =>
      new URL(url, document.baseURI).toString(),
    );
  } finally {
    controller.initialLayersAdded();
    performance.mark('mapwright:layers');
  }
  const { layerIds, problems } = added;
  for (const problem of problems) notify(problem);
  // Tiled layers are drawn without their features; those load once the map has drawn (two cores are
  // easily saturated), for counts, fitting to data and joining query results.
  // A map that never settles (a stalled online basemap tile) does not hold them back for long.
  let cap: ReturnType<typeof setTimeout> | undefined;
  const drawnOrLate = Promise.race([
    controller.firstIdle,
    new Promise<void>((resolve) => (cap = setTimeout(resolve, featuresWaitCapMs))),
  ]).finally(() => clearTimeout(cap));
  controller.waitForFeatures(
    drawnOrLate
      .then(() => attachTiledFeatures(controller, config.datasets, featuresFetch))
      .then((attachProblems) => attachProblems.forEach(notify)),
  );
  return { controller, layerIds, featuresWait: { destroy: () => clearTimeout(cap) } };
}

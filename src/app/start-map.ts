// Starts the map and its bundled layers; a map that cannot start (no WebGL) is reported, not thrown.
// This module is the app's only static path to maplibre-gl: mount-app imports it dynamically, so the
// config and the data files download while MapLibre's code is fetched and compiled.
import { addDatasetLayers, loadAllDatasetFeatures } from '../map/dataset-layers';
import { mountLayerPanel } from '../map/layer-panel';
import { MapController, prewarmMapWorkers } from '../map/map-controller';
import type { AppConfig } from '../config/app-config';
import type { FetchFunction } from '../map/dataset-features';

/** The started map and which datasets it drew. */
export interface StartedMap {
  controller: MapController | undefined;
  layerIds: Map<string, string>;
}

/**
 * Creates the map in `container`, adds the dataset layers and the layer panel. `fetchFunction` is
 * where the map's files come from (mount-app passes one holding responses it started early).
 */
export async function startMap(
  container: HTMLElement,
  config: AppConfig,
  notify: (message: string) => void,
  fetchFunction: FetchFunction = (url) => fetch(url),
): Promise<StartedMap> {
  // The workers boot (each compiles MapLibre's worker script) while the files below download.
  prewarmMapWorkers();
  // Data files parse while the map and its workers start.
  const features = loadAllDatasetFeatures(config.datasets, fetchFunction);
  let controller: MapController;
  try {
    controller = await MapController.create(container, {
      config,
      fetch: fetchFunction,
      onNotice: notify,
    });
  } catch (error) {
    notify(
      `The map could not start (${error instanceof Error ? error.message : String(error)}). Chat and SQL still work.`,
    );
    return { controller: undefined, layerIds: new Map() };
  }
  performance.mark('mapwright:map-loaded');
  let added: Awaited<ReturnType<typeof addDatasetLayers>>;
  try {
    added = await addDatasetLayers(controller, config.datasets, features);
  } finally {
    controller.initialLayersAdded();
  }
  const { layerIds, problems } = added;
  for (const problem of problems) notify(problem);
  mountLayerPanel(container, controller);
  return { controller, layerIds };
}

// Starts the map and its bundled layers; a map that cannot start (no WebGL) is reported, not thrown.
import { addDatasetLayers, loadAllDatasetFeatures } from '../map/dataset-layers';
import { mountLayerPanel } from '../map/layer-panel';
import { MapController } from '../map/map-controller';
import type { AppConfig } from '../config/app-config';

/** The started map and which datasets it drew. */
export interface StartedMap {
  controller: MapController | undefined;
  layerIds: Map<string, string>;
}

/** Creates the map in `container`, adds the dataset layers and the layer panel. */
export async function startMap(
  container: HTMLElement,
  config: AppConfig,
  notify: (message: string) => void,
): Promise<StartedMap> {
  const fetchFunction = (url: string): Promise<Response> => fetch(url);
  // Data files download and parse while the map and its worker start.
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
  const { layerIds, problems } = await addDatasetLayers(controller, config.datasets, features);
  for (const problem of problems) notify(problem);
  mountLayerPanel(container, controller);
  return { controller, layerIds };
}

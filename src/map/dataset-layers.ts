// Adds a layer for every configured dataset that has geometry, straight from its files.
import { loadDatasetFeatures, type FetchFunction } from './dataset-features';
import { defaultPaint, kindForGeometry, layerColor } from './layer-paint';
import type { DatasetConfig } from '../config/app-config';
import type { MapController } from './map-controller';
import type { FeatureCollection } from 'geojson';

/** What happened to each dataset's layer. */
export interface DatasetLayersResult {
  /** Layer id by dataset id, for datasets drawn on the map. */
  layerIds: Map<string, string>;
  /** One message per dataset that could not be drawn. */
  problems: string[];
}

/** Starts loading every dataset's features in parallel (call it before the map exists to overlap both). */
export function loadAllDatasetFeatures(
  datasets: DatasetConfig[],
  fetchFunction: FetchFunction,
): Promise<PromiseSettledResult<FeatureCollection | undefined>[]> {
  return Promise.allSettled(datasets.map((dataset) => loadDatasetFeatures(dataset, fetchFunction)));
}

/** Adds the layers in config order from features loaded by loadAllDatasetFeatures. */
export async function addDatasetLayers(
  controller: MapController,
  datasets: DatasetConfig[],
  features: Promise<PromiseSettledResult<FeatureCollection | undefined>[]>,
): Promise<DatasetLayersResult> {
  const loaded = await features;
  const layerIds = new Map<string, string>();
  const problems: string[] = [];
  for (const [index, dataset] of datasets.entries()) {
    const outcome = loaded[index];
    if (!outcome) continue;
    if (outcome.status === 'rejected') {
      const reason =
        outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      problems.push(`The layer of dataset '${dataset.id}' could not be drawn: ${reason}.`);
      continue;
    }
    const features = outcome.value;
    if (!features) continue;
    const kind = dataset.layer?.type ?? kindForGeometry(features.features[0]?.geometry?.type);
    await controller.addLayer({
      id: dataset.id,
      title: dataset.title,
      kind,
      features,
      paint: { ...defaultPaint(kind, layerColor(index)), ...dataset.layer?.paint },
      legendTitle: dataset.layer?.legendTitle ?? dataset.title,
      datasetId: dataset.id,
      ...(dataset.tooltip ? { tooltip: dataset.tooltip } : {}),
    });
    if (dataset.layer?.visible === false) controller.setVisibility(dataset.id, false);
    layerIds.set(dataset.id, dataset.id);
  }
  return { layerIds, problems };
}

// Adds a layer for every configured dataset that has geometry: at once from its ready-made tiles, or
// from its files once they are parsed.
import { errorMessage } from '../errors/error-message';
import { kindForGeometry } from '../geo/layer-kind';
import { loadDatasetFeatures, type FetchFunction } from './datasets/dataset-features';
import { defaultPaint, layerColor } from './layers/layer-paint';
import type { DatasetConfig } from '../config/app-config';
import type { LayerKind } from '../tools/map/map-port';
import type { MapController } from './map-controller';
import type { FeatureCollection } from 'geojson';

/** What happened to each dataset's layer. */
export interface DatasetLayersResult {
  /** Layer id by dataset id, for datasets drawn on the map. */
  layerIds: Map<string, string>;
  /** One message per dataset that could not be drawn. */
  problems: string[];
}

/** A dataset's features, or why they could not be loaded. */
export type FeaturesOutcome = PromiseSettledResult<FeatureCollection | undefined>;

/** True when the dataset's layer is drawn from a tile archive rather than from its features. */
export function isTiled(dataset: DatasetConfig): boolean {
  return dataset.tiles !== undefined && dataset.geometry.kind !== 'none';
}

/** Starts loading the features of `datasets` in parallel, keyed by dataset id. */
export function loadAllDatasetFeatures(
  datasets: DatasetConfig[],
  fetchFunction: FetchFunction,
): Promise<Map<string, FeaturesOutcome>> {
  return Promise.allSettled(
    datasets.map((dataset) => loadDatasetFeatures(dataset, fetchFunction)),
  ).then((outcomes) => new Map(datasets.map((dataset, index) => [dataset.id, outcomes[index]!])));
}

function reason(outcome: PromiseRejectedResult): string {
  return errorMessage(outcome.reason);
}

/** Where layers stack: fills under points and lines, otherwise in config order. */
function stackRank(kind: LayerKind, index: number): number {
  return (kind === 'fill' ? 0 : 1) * 1e6 + index;
}

/**
 * Adds the layers in stacking order. Tiled datasets go on the map at once; the others once `features`
 * (their files, parsed) have settled, slotted in below every layer that stacks above them.
 */
export async function addDatasetLayers(
  controller: MapController,
  datasets: DatasetConfig[],
  features: Promise<Map<string, FeaturesOutcome>>,
  resolveUrl: (url: string) => string,
): Promise<DatasetLayersResult> {
  const layerIds = new Map<string, string>();
  const problems: string[] = [];
  const added: { id: string; rank: number }[] = [];
  const add = async (
    dataset: DatasetConfig,
    index: number,
    kind: LayerKind,
    layerFeatures: FeatureCollection,
  ): Promise<void> => {
    const rank = stackRank(kind, index);
    const above = added.filter((layer) => layer.rank > rank).sort((a, b) => a.rank - b.rank)[0];
    await controller.addLayer(
      {
        id: dataset.id,
        title: dataset.title,
        kind,
        features: layerFeatures,
        paint: { ...defaultPaint(kind, layerColor(index)), ...dataset.layer?.paint },
        legendTitle: dataset.layer?.legendTitle ?? dataset.title,
        datasetId: dataset.id,
        visible: dataset.layer?.visible !== false,
        ...(dataset.tooltip ? { tooltip: dataset.tooltip } : {}),
      },
      {
        order: index,
        ...(above ? { before: above.id } : {}),
        ...(isTiled(dataset) && dataset.tiles
          ? { tiles: { url: resolveUrl(dataset.tiles), sourceLayer: dataset.id } }
          : {}),
      },
    );
    added.push({ id: dataset.id, rank });
    layerIds.set(dataset.id, dataset.id);
  };

  for (const [index, dataset] of datasets.entries()) {
    if (!isTiled(dataset)) continue;
    // The schema makes tiled datasets name their layer type: nothing to guess it from yet.
    await add(dataset, index, dataset.layer?.type ?? 'fill', {
      type: 'FeatureCollection',
      features: [],
    });
  }
  const loaded = await features;
  for (const [index, dataset] of datasets.entries()) {
    const outcome = loaded.get(dataset.id);
    if (isTiled(dataset) || !outcome) continue;
    if (outcome.status === 'rejected') {
      problems.push(`The layer of dataset '${dataset.id}' could not be drawn: ${reason(outcome)}.`);
      continue;
    }
    const layerFeatures = outcome.value;
    if (!layerFeatures) continue;
    const kind = dataset.layer?.type ?? kindForGeometry(layerFeatures.features[0]?.geometry?.type);
    await add(dataset, index, kind, layerFeatures);
  }
  return { layerIds, problems };
}

/** Loads the features of tiled layers (drawn already) and hands them to the map. */
export async function attachTiledFeatures(
  controller: MapController,
  datasets: DatasetConfig[],
  fetchFunction: FetchFunction,
): Promise<string[]> {
  const tiled = datasets.filter(isTiled);
  const loaded = await loadAllDatasetFeatures(tiled, fetchFunction);
  const problems: string[] = [];
  for (const dataset of tiled) {
    const outcome = loaded.get(dataset.id);
    if (outcome?.status === 'fulfilled' && outcome.value) {
      controller.attachFeatures(dataset.id, outcome.value);
    } else if (outcome?.status === 'rejected') {
      problems.push(
        `The features of dataset '${dataset.id}' could not be loaded (${reason(outcome)}): its layer is drawn, but cannot be fitted to or joined with query results.`,
      );
    }
  }
  return problems;
}

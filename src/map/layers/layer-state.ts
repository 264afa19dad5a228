// A layer as the map controller holds it, where it is listed, and what is told of it.
import { legendFromPaint } from './legend';
import type { LayerRecord } from '../../tools/map/conversation-map-state';
import type { LayerInfo, LayerKind, ServedFeatures } from '../../tools/map/map-port';
import type { LayerTiles } from './layer-source';
import type { FeatureCollection } from 'geojson';

/** A layer: what capturing a state reads (LayerRecord), and what drawing and listing it need. */
export interface LayerState extends LayerRecord {
  title: string;
  kind: LayerKind;
  datasetId?: string;
  /** The visibility it was added with: what restoring the publisher's map goes back to. */
  initialVisible: boolean;
  features: FeatureCollection;
  /** Features held off the page's thread, drawn from their tiles (an upload's). */
  served?: { features: ServedFeatures; key: string };
  tooltip?: string[];
  legendTitle: string;
  /** Where it is listed (the layer panel, the map state): see LayerPlacement.order. */
  order: number;
}

/** Where layers without an order of their own are listed: after every configured one. */
export const addedLayersOrder = 1_000_000;

/** Where a new layer goes and what it is drawn from, beyond its features. */
export interface LayerPlacement {
  /** Draw from these tiles instead of tiling `features` in the page. */
  tiles?: LayerTiles;
  /** The layer to insert below (when it exists); else fills go under the first non-fill layer. */
  before?: string;
  /**
   * Where the layer is listed: dataset layers by their place in the config (tiled ones are added
   * first); any other layer after them, in the order it was added.
   */
  order?: number;
}

/** What the map tools and the panel are told of a layer (its legend worked out from its paint). */
export function layerInfo(layer: LayerState): LayerInfo {
  const legend = legendFromPaint(layer.kind, layer.paint, layer.legendTitle);
  return {
    id: layer.id,
    title: layer.title,
    kind: layer.kind,
    visible: layer.visible,
    paint: { ...layer.paint },
    featureCount: layer.served?.features.featureCount ?? layer.features.features.length,
    properties:
      layer.served?.features.properties ??
      Object.keys(layer.features.features[0]?.properties ?? {}),
    ...(layer.datasetId ? { datasetId: layer.datasetId } : {}),
    ...(layer.filter !== undefined ? { filter: layer.filter } : {}),
    ...(legend ? { legend } : {}),
  };
}

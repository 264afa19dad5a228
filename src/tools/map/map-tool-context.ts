// What local map tools receive: the map and the data as interfaces, never maplibre or DuckDB.
import type { DatasetCatalog } from '../../config/dataset-catalog';
import type { DataEngine } from '../../data/data-engine';
import type { ResultStore } from '../result-store';
import type { Tool, ToolResult, ToolResultData } from '../tool';
import type { LayerInfo, MapPort } from './map-port';
import type { ResultView } from './result-view';

/** The context every map tool is built with. */
export interface MapToolContext {
  map: MapPort;
  catalog: DatasetCatalog;
  resultStore: ResultStore;
  /** The data engine once it has started; rejects or resolves undefined when it cannot start. */
  engine: () => Promise<DataEngine | undefined>;
  /** Brings a new result layer into view unless the turn's view was chosen (absent: never moves). */
  view?: ResultView;
}

/** A successful result. */
export function ok(content: string, data?: ToolResultData): ToolResult {
  return data === undefined ? { content } : { content, data };
}

/** A failed result, worded so the model can fix its next call. */
export function fail(content: string): ToolResult {
  return { content, isError: true };
}

/** The layer, or an error result that lists the layers there are. */
export function findLayer(map: MapPort, layerId: unknown): LayerInfo | ToolResult {
  const layer = typeof layerId === 'string' ? map.getLayer(layerId) : undefined;
  if (layer) return layer;
  const available = map.listLayers().map((candidate) => candidate.id);
  return fail(
    `There is no layer '${String(layerId)}'. Layers on the map: ${available.join(', ') || '(none)'}. Call again with one of them.`,
  );
}

/** True when `value` is an error result rather than a layer. */
export function isResult(value: LayerInfo | ToolResult): value is ToolResult {
  return 'content' in value;
}

/** A local tool: the origin every map tool has. */
export function localTool(tool: Omit<Tool, 'origin'>): Tool {
  // Map tools act on one map: in a round they run in call order (a layer is drawn before it is used).
  return { ...tool, origin: { kind: 'local' }, queue: 'map' };
}

/** A schema property naming a layer. */
export const layerProperty = {
  type: 'string',
  description: 'Layer id',
};

/** The input of a tool that takes one layer and nothing else. */
export const oneLayerSchema = {
  type: 'object',
  properties: { layer: layerProperty },
  required: ['layer'],
  additionalProperties: false,
};

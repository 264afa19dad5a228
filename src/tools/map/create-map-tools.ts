// Every local map tool, in a stable order (the order the model sees them in, which keeps the prompt stable).
import { getDatasetDetailsTool, listDatasetsTool } from './catalog-tools';
import { featuresReadyOrLate } from './features-ready-or-late';
import {
  hideLayerTool,
  resetFilterTool,
  resetStyleTool,
  setFilterTool,
  setStyleTool,
  showLayerTool,
} from './layer-tools';
import { filterLayerByResultTool, mapQueryResultTool } from './result-tools';
import { flyToTool, getMapStateTool } from './view-tools';
import type { Tool } from '../tool';
import type { MapToolContext } from './map-tool-context';

/** The local map tools, built over one context. */
export function createMapTools(context: MapToolContext): Tool[] {
  const tools = [
    listDatasetsTool(context),
    getDatasetDetailsTool(context),
    showLayerTool(context),
    hideLayerTool(context),
    setFilterTool(context),
    resetFilterTool(context),
    setStyleTool(context),
    resetStyleTool(context),
    flyToTool(context),
    getMapStateTool(context),
    mapQueryResultTool(context),
    filterLayerByResultTool(context),
  ];
  // Counts, extents and joins need every layer's features, which tiled layers get after the map drew.
  return tools.map((tool) => ({
    ...tool,
    execute: async (args, execution) => {
      await featuresReadyOrLate(context.map);
      return tool.execute(args, execution);
    },
  }));
}

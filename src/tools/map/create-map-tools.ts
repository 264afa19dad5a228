// Every local map tool, in a stable order (the order the model sees them in, which keeps the prompt stable).
import { getDatasetDetailsTool, listDatasetsTool } from './catalog-tools';
import {
  hideLayerTool,
  resetFilterTool,
  setFilterTool,
  setStyleTool,
  showLayerTool,
} from './layer-tools';
import { filterLayerByResultTool, mapQueryResultTool } from './result-tools';
import { flyToTool, getMapStateTool } from './view-tools';
import type { Tool } from '../tool';
import type { MapToolContext } from './map-tool-context';

/** The longest a map tool waits for the layers' features before it runs with what there is. */
const featuresWaitMs = 15_000;

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
    flyToTool(context),
    getMapStateTool(context),
    mapQueryResultTool(context),
    filterLayerByResultTool(context),
  ];
  // Counts, extents and joins need every layer's features, which tiled layers get after the map drew;
  // a file that takes long to load holds a call back for `featuresWaitMs` at most.
  return tools.map((tool) => ({
    ...tool,
    execute: async (args, execution) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        context.map.featuresReady(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, featuresWaitMs))),
      ]);
      clearTimeout(timer);
      return tool.execute(args, execution);
    },
  }));
}

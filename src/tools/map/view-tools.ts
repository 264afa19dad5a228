// fly_to and get_map_state.
import { fail, findLayer, isResult, localTool, ok, type MapToolContext } from './map-tool-context';
import type { Tool } from '../tool';

/** fly_to: to a lon/lat/zoom, or to the extent of a layer or dataset. */
export function flyToTool(context: MapToolContext): Tool {
  return localTool({
    name: 'fly_to',
    description:
      "Move the map to lon/lat (and zoom), or fit it to a layer's data by giving `layer`.",
    inputSchema: {
      type: 'object',
      properties: {
        lon: { type: 'number', minimum: -180, maximum: 180 },
        lat: { type: 'number', minimum: -85, maximum: 85 },
        zoom: { type: 'number', minimum: 0, maximum: 20 },
        layer: { type: 'string' },
      },
      additionalProperties: false,
    },
    execute: async (args) => {
      if (typeof args.layer === 'string') {
        const layer = findLayer(context.map, args.layer);
        if (isResult(layer)) return layer;
        const bounds = context.map.layerBounds(layer.id);
        if (!bounds) return fail(`Layer ${layer.id} has no features to fit to; nothing changed.`);
        context.view?.modelMovedMap();
        await context.map.moveCamera({ bounds });
        return ok(
          `Fitted the map to ${layer.id} (${bounds.map((value) => value.toFixed(2)).join(', ')}).`,
        );
      }
      if (typeof args.lon !== 'number' || typeof args.lat !== 'number') {
        return fail("Give lon and lat (and optionally zoom), or layer to fit to a layer's data.");
      }
      const zoom = typeof args.zoom === 'number' ? args.zoom : undefined;
      context.view?.modelMovedMap();
      await context.map.moveCamera({
        center: [args.lon, args.lat],
        ...(zoom !== undefined ? { zoom } : {}),
      });
      const state = context.map.getState();
      return ok(`Map centred on ${state.center[0]}, ${state.center[1]} at zoom ${state.zoom}.`);
    },
  });
}

/** get_map_state: camera and layers, compactly. */
export function getMapStateTool(context: MapToolContext): Tool {
  return localTool({
    name: 'get_map_state',
    description: "The map's centre, zoom, bounds and layers (visibility, filter, feature count).",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    execute: async () => {
      const state = context.map.getState();
      const layers = state.layers.map(
        (layer) =>
          `- ${layer.id} (${layer.kind}, ${layer.featureCount} features, ${layer.visible ? 'visible' : 'hidden'}${layer.filter !== undefined ? `, filter ${JSON.stringify(layer.filter)}` : ''})`,
      );
      return ok(
        `Centre ${state.center[0]}, ${state.center[1]}; zoom ${state.zoom}; bounds ${state.bounds.join(', ')}.\nLayers:\n${layers.join('\n') || '(none)'}`,
      );
    },
  });
}

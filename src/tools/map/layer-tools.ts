// show_layer, hide_layer, set_filter, reset_filter, set_style and reset_style.
import {
  fail,
  findLayer,
  isResult,
  layerProperty,
  localTool,
  oneLayerSchema,
  ok,
  type MapToolContext,
} from './map-tool-context';
import { restorePublisherStyle } from './restore-publisher-style';
import type { Tool } from '../tool';
import type { LayerInfo, MapPort } from './map-port';

function visibilityTool(context: MapToolContext, visible: boolean): Tool {
  const verb = visible ? 'show' : 'hide';
  return localTool({
    name: `${verb}_layer`,
    description: `${visible ? 'Show' : 'Hide'} a map layer.`,
    inputSchema: oneLayerSchema,
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      const changed = context.map.setVisibility(layer.id, visible);
      if (!changed)
        return ok(
          `Layer ${layer.id} was already ${visible ? 'visible' : 'hidden'}; nothing changed.`,
        );
      return ok(`Layer ${layer.id} is now ${visible ? 'visible' : 'hidden'}.`);
    },
  });
}

/** show_layer. */
export function showLayerTool(context: MapToolContext): Tool {
  return visibilityTool(context, true);
}

/** hide_layer. */
export function hideLayerTool(context: MapToolContext): Tool {
  return visibilityTool(context, false);
}

async function inViewSentence(map: MapPort, layer: LayerInfo): Promise<string> {
  const count = await map.countFeaturesInView(layer.id);
  const hidden =
    map.getLayer(layer.id)?.visible === false
      ? ' The layer is hidden: call show_layer to see it.'
      : '';
  return `${count} features of ${layer.id} are in view.${hidden}`;
}

/** set_filter: a validated MapLibre filter expression; returns the count of features in view. */
export function setFilterTool(context: MapToolContext): Tool {
  return localTool({
    name: 'set_filter',
    description:
      'Filter a layer with a MapLibre expression, e.g. ["in", ["get", "state"], ["literal", ["CA", "NV"]]]. Replaces any earlier filter; returns the features in view.',
    inputSchema: {
      type: 'object',
      properties: {
        layer: layerProperty,
        filter: { type: 'array' },
      },
      required: ['layer', 'filter'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      const errors = await context.map.validateFilter(args.filter);
      if (errors.length > 0) {
        return fail(
          `Invalid filter, nothing changed: ${errors.join('; ')}. Properties of ${layer.id}: ${layer.properties.join(', ')}. Fix the expression and call set_filter again.`,
        );
      }
      if (JSON.stringify(layer.filter) === JSON.stringify(args.filter)) {
        return ok(
          `Layer ${layer.id} already has this filter; nothing changed. ${await inViewSentence(context.map, layer)}`,
        );
      }
      await context.map.setFilter(layer.id, args.filter);
      return ok(`Filter set on ${layer.id}. ${await inViewSentence(context.map, layer)}`);
    },
  });
}

/** reset_filter: removes a layer's filter. */
export function resetFilterTool(context: MapToolContext): Tool {
  return localTool({
    name: 'reset_filter',
    description: 'Remove the filter from a layer.',
    inputSchema: oneLayerSchema,
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      if (layer.filter === undefined)
        return ok(`Layer ${layer.id} had no filter; nothing changed.`);
      await context.map.setFilter(layer.id, null);
      return ok(`Filter removed from ${layer.id}. ${await inViewSentence(context.map, layer)}`);
    },
  });
}

/** set_style: validated paint properties; data-driven colour updates the legend. */
export function setStyleTool(context: MapToolContext): Tool {
  return localTool({
    name: 'set_style',
    description:
      'Set MapLibre paint properties of a layer, e.g. {"circle-color": ["interpolate", ["linear"], ["get", "mag"], 2, "#fde68a", 6, "#7f1d1d"]}. Names must fit the layer kind (circle-*, fill-* or line-*).',
    inputSchema: {
      type: 'object',
      properties: {
        layer: layerProperty,
        paint: { type: 'object' },
      },
      required: ['layer', 'paint'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      const paint = (args.paint ?? {}) as Record<string, unknown>;
      if (Object.keys(paint).length === 0)
        return fail('paint is empty; nothing changed. Give at least one paint property.');
      const errors = await context.map.validatePaint(layer.kind, paint);
      if (errors.length > 0) {
        return fail(
          `Invalid paint for a ${layer.kind} layer, nothing changed: ${errors.join('; ')}. Fix it and call set_style again.`,
        );
      }
      const changed = Object.entries(paint).filter(
        ([key, value]) => JSON.stringify(layer.paint[key]) !== JSON.stringify(value),
      );
      if (changed.length === 0)
        return ok(`Layer ${layer.id} already had this paint; nothing changed.`);
      await context.map.setPaint(layer.id, Object.fromEntries(changed));
      const legend = context.map.getLayer(layer.id)?.legend;
      const legendText = legend
        ? ` Legend: ${legend.entries.map((entry) => `${entry.label || 'all'} ${entry.color}`).join(', ')}.`
        : '';
      return ok(
        `Style of ${layer.id} updated (${changed.map(([key]) => key).join(', ')}).${legendText}`,
      );
    },
  });
}

/** reset_style: the publisher's paint (and legend) and no filter, as the layer panel's Restore does. */
export function resetStyleTool(context: MapToolContext): Tool {
  return localTool({
    name: 'reset_style',
    description: "Restore a layer's original paint and legend, with no filter.",
    inputSchema: oneLayerSchema,
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      const restored = await restorePublisherStyle(context.map, layer.id);
      if (restored.length === 0)
        return ok(`Layer ${layer.id} already had the publisher's style; nothing changed.`);
      return ok(`Publisher's style restored on ${layer.id} (${restored.join(' and ')}).`);
    },
  });
}

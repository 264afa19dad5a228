// map_query_result and filter_layer_by_result: use a stored query result by result_id, so rows never
// pass through the model.
import { drawResultLayer } from './draw-result-layer';
import {
  fail,
  findLayer,
  isResult,
  layerProperty,
  localTool,
  ok,
  type MapToolContext,
} from './map-tool-context';
import type { StoredResult } from '../result-store';
import type { Tool } from '../tool';
import type {
  ResultGeometry,
  ResultLayerDrawing,
  ResultLayerStyle,
} from './conversation-map-state';

function findResult(context: MapToolContext, resultId: unknown): StoredResult | string {
  const result = typeof resultId === 'string' ? context.resultStore.get(resultId) : undefined;
  if (result) return result;
  const ids = context.resultStore.ids();
  return `There is no query result '${String(resultId)}'. Held results: ${ids.slice(-10).join(', ') || '(none)'}. Run the query again to get a result_id.`;
}

const geometrySchema = {
  type: 'object',
  description:
    'By kind: points (lon, lat columns); h3 (column of cell ids); shapes (column of geometries: GeoJSON, WKB/EWKB hex or WKT); join (layer id, column, layer_key: its property, default column).',
  properties: {
    kind: { enum: ['points', 'h3', 'shapes', 'join'] },
    lon: { type: 'string' },
    lat: { type: 'string' },
    column: { type: 'string' },
    layer: { type: 'string' },
    layer_key: { type: 'string' },
  },
  required: ['kind'],
};

/** map_query_result: draws a stored result as points, shapes or H3 cells with a colour scale. */
export function mapQueryResultTool(context: MapToolContext): Tool {
  return localTool({
    name: 'map_query_result',
    description:
      'Draw a query result (by result_id) as a new map layer of points, shapes or H3 cells, optionally coloured by a column.',
    inputSchema: {
      type: 'object',
      properties: {
        result_id: { type: 'string' },
        geometry: geometrySchema,
        style: {
          type: 'object',
          properties: {
            color: { type: 'string', description: 'One colour, e.g. "#dc2626".' },
            color_by: { type: 'string', description: 'Column that sets the colour.' },
            radius: { type: 'number', minimum: 1, maximum: 30 },
            opacity: { type: 'number', minimum: 0, maximum: 1 },
          },
          additionalProperties: false,
        },
        title: {
          type: 'string',
          description: "Title in the layer panel: the question answered, e.g. 'Strongest quakes'.",
        },
      },
      required: ['result_id', 'geometry'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const result = findResult(context, args.result_id);
      if (typeof result === 'string') return fail(result);
      const drawing: ResultLayerDrawing = {
        resultId: result.resultId,
        geometry: args.geometry as ResultGeometry,
        style: (args.style ?? {}) as ResultLayerStyle,
        ...(typeof args.title === 'string' && args.title ? { title: args.title } : {}),
      };
      const outcome = await drawResultLayer(context.map, result, drawing);
      if (!outcome.drawn) return fail(outcome.message);
      const { layerId, featureCount, skippedRows } = outcome;
      const legend = context.map.getLayer(layerId)?.legend;
      const view = await context.view?.resultDrawn(context.map, layerId);
      const viewNote =
        view === 'fitted'
          ? ` The map was fitted to it; fly_to to show another view.`
          : view === 'in-view'
            ? ' It is in view.'
            : ` Use fly_to with layer ${layerId} to fit the map to it.`;
      return ok(
        `Drew ${featureCount} ${drawing.geometry.kind === 'points' ? 'points' : 'shapes'} as layer ${layerId}${skippedRows > 0 ? ` (${skippedRows} rows had no usable geometry)` : ''}${result.totalRows > result.rows.length ? `; the result held ${result.rows.length} of ${result.totalRows} rows` : ''}.${legend && legend.entries.length > 1 ? ` Legend: ${legend.title}.` : ''}${viewNote}`,
      );
    },
  });
}

/** filter_layer_by_result: keeps the features of a layer whose property matches a result column. */
export function filterLayerByResultTool(context: MapToolContext): Tool {
  return localTool({
    name: 'filter_layer_by_result',
    description:
      "Filter a layer to the features whose property is among a result column's values (e.g. counties whose id is in the result).",
    inputSchema: {
      type: 'object',
      properties: {
        layer: layerProperty,
        column: { type: 'string', description: 'Result column with the values' },
        result_id: { type: 'string' },
        layer_property: {
          type: 'string',
          description: 'Layer property to match (default: column)',
        },
      },
      required: ['layer', 'column', 'result_id'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const layer = findLayer(context.map, args.layer);
      if (isResult(layer)) return layer;
      const result = findResult(context, args.result_id);
      if (typeof result === 'string') return fail(result);
      const column = String(args.column);
      if (!result.columns.some((candidate) => candidate.name === column)) {
        return fail(
          `The result has no column ${column}; its columns are ${result.columns.map((candidate) => candidate.name).join(', ')}.`,
        );
      }
      const property = typeof args.layer_property === 'string' ? args.layer_property : column;
      if (layer.properties.length > 0 && !layer.properties.includes(property)) {
        return fail(
          `Layer ${layer.id} has no property ${property}; its properties are ${layer.properties.join(', ')}. Pass layer_property.`,
        );
      }
      const values = [
        ...new Set(
          result.rows
            .map((row) => row[column])
            .filter((value) => value !== null && value !== undefined),
        ),
      ].map((value) => (typeof value === 'bigint' ? Number(value) : value));
      const filter = ['in', ['get', property], ['literal', values]];
      await context.map.setFilter(layer.id, filter);
      const count = await context.map.countFeaturesInView(layer.id);
      return ok(
        `Filtered ${layer.id} to ${values.length} values of ${property} from result ${result.resultId}; ${count} features are in view.`,
      );
    },
  });
}

// list_datasets and get_dataset_details: what data there is, with real types and sample values.
import { errorMessage } from '../../errors/error-message';
import { fail, localTool, ok, type MapToolContext } from './map-tool-context';
import type { Tool } from '../tool';

/** list_datasets: every dataset, its table, its layer and its columns. */
export function listDatasetsTool(context: MapToolContext): Tool {
  return localTool({
    name: 'list_datasets',
    description: 'The datasets: SQL table, map layer (if drawn) and columns.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    execute: async () => {
      const datasets = context.catalog.list();
      if (datasets.length === 0)
        return ok('No datasets are loaded. The person can upload a CSV, GeoJSON or Parquet file.');
      const lines = datasets.map((dataset) => {
        const layer = dataset.layerId ? context.map.getLayer(dataset.layerId) : undefined;
        const where = layer
          ? `layer ${layer.id}, ${layer.featureCount} features, ${layer.visible ? 'visible' : 'hidden'}`
          : 'SQL only';
        return `- ${dataset.id}: ${dataset.title} (table ${dataset.table}; ${where}). Columns: ${Object.keys(dataset.columns).join(', ') || 'see get_dataset_details'}`;
      });
      return ok(lines.join('\n'));
    },
  });
}

/** get_dataset_details: schema, row count and sample values from the data engine. */
export function getDatasetDetailsTool(context: MapToolContext): Tool {
  return localTool({
    name: 'get_dataset_details',
    description:
      'Columns, row count and sample text values of one dataset. Call it before filtering on a category.',
    inputSchema: {
      type: 'object',
      properties: { dataset: { type: 'string', description: 'Dataset id or table name.' } },
      required: ['dataset'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const dataset = context.catalog.get(String(args.dataset));
      if (!dataset) {
        const ids = context.catalog.list().map((entry) => entry.id);
        return fail(
          `There is no dataset '${String(args.dataset)}'. Datasets: ${ids.join(', ') || '(none)'}.`,
        );
      }
      let engine;
      try {
        engine = await context.engine();
      } catch (error) {
        return fail(
          `The data engine failed to start (${errorMessage(error)}); column descriptions: ${JSON.stringify(dataset.columns)}.`,
        );
      }
      if (!engine)
        return fail(
          'The data engine is not available in this page; use list_datasets for the column descriptions.',
        );
      try {
        const description = await engine.describe(dataset.table);
        const lines = description.columns.map((column) => {
          const meaning = dataset.columns[column.name];
          const samples = column.sampleValues?.length
            ? `; e.g. ${column.sampleValues.map((value) => JSON.stringify(value)).join(', ')}`
            : '';
          return `- ${column.name} ${column.type}${meaning ? `: ${meaning}` : ''}${samples}`;
        });
        return ok(
          `${dataset.title}: table ${dataset.table}, ${description.rowCount} rows${dataset.layerId ? `, map layer ${dataset.layerId}` : ''}.\n${lines.join('\n')}`,
        );
      } catch (error) {
        return fail(
          `Could not describe table ${dataset.table}: ${errorMessage(error)}. Try again, or use list_datasets.`,
        );
      }
    },
  });
}

// The render_chart local tool: charts a stored query result by result_id, so rows never pass the model.
import { ROW_CAPS } from '../../config/row-caps';
import {
  BAR_ORDERS,
  CHART_KINDS,
  type BarOrder,
  type ChartKind,
  type ChartSpec,
} from './chart-spec';
import type { ResultStore } from '../result-store';
import type { Tool, ToolResult } from '../tool';

function failure(content: string): ToolResult {
  return { content, isError: true };
}

/** Creates the render_chart tool over the page's stored results. */
export function createRenderChartTool(resultStore: ResultStore): Tool {
  return {
    name: 'render_chart',
    description:
      'Draw a chart of a query result (by result_id) in the conversation. y is required except for ' +
      'histogram (omit it for a bar chart of counts). Bars keep the result order unless sort is given.',
    origin: { kind: 'local' },
    inputSchema: {
      type: 'object',
      properties: {
        result_id: { type: 'string' },
        kind: { type: 'string', enum: [...CHART_KINDS] },
        x: { type: 'string', description: 'Column' },
        y: { type: 'string', description: 'Column' },
        color: { type: 'string', description: 'Column' },
        title: { type: 'string' },
        sort: {
          type: 'string',
          enum: [...BAR_ORDERS],
          description: 'Bars: result order (default) or by value.',
        },
      },
      required: ['result_id', 'kind', 'x'],
      additionalProperties: false,
    },
    execute: async (args) => {
      const resultId = String(args.result_id ?? '');
      const kind = String(args.kind ?? '') as ChartKind;
      const stored = resultStore.get(resultId);
      if (!stored) {
        const held = resultStore.ids();
        return failure(
          `No result with result_id "${resultId}" is held in the page. ` +
            (held.length > 0
              ? `Available result ids: ${held.join(', ')}.`
              : 'Run a query first, then chart its result_id.'),
        );
      }
      if (!CHART_KINDS.includes(kind))
        return failure(`Unknown chart kind "${kind}". Use one of: ${CHART_KINDS.join(', ')}.`);
      const columns = stored.columns.map((column) => column.name);
      const wanted = { x: args.x, y: args.y, color: args.color };
      for (const [role, column] of Object.entries(wanted)) {
        if (column === undefined) continue;
        if (typeof column !== 'string' || !columns.includes(column)) {
          return failure(
            `Column "${String(column)}" (${role}) is not in the result. Its columns are: ${columns.join(', ')}.`,
          );
        }
      }
      if ((kind === 'line' || kind === 'scatter') && typeof args.y !== 'string') {
        return failure(
          `A ${kind} chart needs a y column. The result's columns are: ${columns.join(', ')}.`,
        );
      }
      const used = [args.x, args.y, args.color].filter(
        (name): name is string => typeof name === 'string',
      );
      const rows = stored.rows
        .slice(0, ROW_CAPS.chart)
        .map((row) => Object.fromEntries(used.map((name) => [name, row[name]])));
      const spec: ChartSpec = {
        kind,
        resultId,
        x: args.x as string,
        ...(typeof args.y === 'string' ? { y: args.y } : {}),
        ...(typeof args.color === 'string' ? { color: args.color } : {}),
        ...(typeof args.title === 'string' ? { title: args.title } : {}),
        ...(kind === 'bar' && typeof args.sort === 'string' && args.sort !== 'rows'
          ? { sort: args.sort as BarOrder }
          : {}),
        rows,
      };
      const cut =
        stored.rows.length > rows.length
          ? ` (the first ${rows.length} of ${stored.rows.length} rows)`
          : '';
      return {
        content: `Drew a ${kind} chart of ${resultId}${cut}: x=${spec.x}${spec.y ? `, y=${spec.y}` : ''}${spec.color ? `, color=${spec.color}` : ''}. The person sees it in the conversation.`,
        data: { kind: 'chart', chart: spec },
      };
    },
  };
}

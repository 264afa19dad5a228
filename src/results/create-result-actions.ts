// The result table's "Show on map" and "Chart" buttons, answered with the local tools the model calls
// (map_query_result, render_chart) through the registry, so a drawn layer is part of the conversation's
// map just as if the model had drawn it.
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { asChartSpec, type ChartSpec } from '../tools/chart/chart-spec';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ChartGuess, ResultActions, ResultGeometryGuess } from './result-actions';
import type { TableData } from './result-data';
import type { ResultRowSource } from './result-row-source';

/** Longest layer title taken from a question. */
const TITLE_LENGTH = 60;

let callCounter = 0;

function titleOf(table: TableData): string | undefined {
  const question = table.question?.trim();
  if (!question) return undefined;
  return question.length > TITLE_LENGTH ? `${question.slice(0, TITLE_LENGTH - 1)}…` : question;
}

async function run(
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
): Promise<{ content: string; data?: unknown }> {
  callCounter += 1;
  const result = await registry.execute(
    { id: `person-${name}-${callCounter}`, name, arguments: args },
    { signal: new AbortController().signal },
  );
  if (result.isError) throw new Error(result.content);
  return result;
}

/**
 * The buttons' handlers over the registry's map_query_result and render_chart tools. `onCharted` hears
 * of each chart drawn, so the conversation keeps it (a drawn layer is kept through the map's state).
 */
export function createResultActions(
  registry: ToolRegistry,
  onCharted: (resultId: string, chart: ChartSpec) => void = () => undefined,
  keptSource: (resultId: string) => ResultRowSource | undefined = () => undefined,
): ResultActions {
  const pageQuery = () =>
    registry
      .list()
      .find(
        (tool) =>
          tool.origin.kind === 'mcp' &&
          tool.origin.serverId === EMBEDDED_SERVER_ID &&
          tool.origin.originalName === 'query',
      );
  return {
    canRunAgain: (table) =>
      table.serverId === EMBEDDED_SERVER_ID && table.sql !== undefined && pageQuery() !== undefined,
    // Through the registry, as the model's call went: the server's read-only guard, the credentials
    // filled in, the one timeout. The person's click stands for the approval of a query they saw run.
    async runAgain(table: TableData): Promise<ResultRowSource> {
      const tool = pageQuery();
      if (!tool || table.sql === undefined) throw new Error('This query cannot run again here.');
      const result = await run(registry, tool.name, { sql_query: table.sql });
      const resultId = (result.data as { resultId?: unknown } | undefined)?.resultId;
      const source = typeof resultId === 'string' ? keptSource(resultId) : undefined;
      if (!source) throw new Error('The query ran, but the engine did not keep its rows.');
      return source;
    },
    async showOnMap(table: TableData, geometry: ResultGeometryGuess): Promise<string> {
      if (!table.resultId) throw new Error('This result has no rows the page can draw.');
      if (!registry.get('map_query_result')) throw new Error('There is no map to draw on.');
      const title = titleOf(table);
      await run(registry, 'map_query_result', {
        result_id: table.resultId,
        geometry,
        ...(title ? { title } : {}),
      });
      return 'Drawn on the map as a new layer.';
    },
    async chart(table: TableData, guess: ChartGuess): Promise<ChartSpec | string> {
      if (!table.resultId) return 'This result has no rows the page can chart.';
      const result = await run(registry, 'render_chart', {
        result_id: table.resultId,
        kind: guess.kind,
        x: guess.x,
        ...(guess.y !== undefined ? { y: guess.y } : {}),
      });
      const data = result.data as { kind?: string; chart?: unknown } | undefined;
      const chart = data?.kind === 'chart' ? asChartSpec(data.chart) : undefined;
      if (!chart) return 'No chart came back.';
      onCharted(table.resultId, chart);
      return chart;
    },
  };
}

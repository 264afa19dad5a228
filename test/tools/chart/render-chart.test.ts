// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createRenderChartTool } from '../../../src/tools/chart/render-chart';
import { ResultStore } from '../../../src/tools/result-store';
import { plotChart } from './drawn-chart';
import type { ChartSpec } from '../../../src/tools/chart/chart-spec';
import type { ToolResult } from '../../../src/tools/tool';

/** The chart a result carries; fails the test when it carries none. */
function chartOf(result: ToolResult): ChartSpec {
  if (result.data?.kind !== 'chart') throw new Error(`no chart in ${JSON.stringify(result.data)}`);
  return result.data.chart;
}

function storeWithResult(): ResultStore {
  const store = new ResultStore();
  store.put({
    resultId: 'r1',
    serverId: 'embedded',
    columns: [
      { name: 'state', type: 'VARCHAR' },
      { name: 'quakes', type: 'INTEGER' },
      { name: 'mag', type: 'DOUBLE' },
    ],
    rows: [
      { state: 'AK', quakes: 40, mag: 5.1 },
      { state: 'CA', quakes: 25, mag: 4.2 },
      { state: 'NV', quakes: 7, mag: 3.3 },
    ],
    totalRows: 3,
  });
  return store;
}

const signal = new AbortController().signal;

describe('render_chart', () => {
  it('charts a stored result by result_id and draws it as an SVG with one bar per row', async () => {
    const tool = createRenderChartTool(storeWithResult());
    const result = await tool.execute(
      { result_id: 'r1', kind: 'bar', x: 'state', y: 'quakes' },
      { signal },
    );
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain('bar chart of r1');
    const spec = chartOf(result);
    expect(spec.rows).toHaveLength(3);
    const chart = plotChart(spec, 300, document);
    expect(chart.querySelectorAll('rect').length).toBeGreaterThanOrEqual(3);
  });

  it('passes a bar order on, and keeps the rows’ order when none is asked for', async () => {
    const tool = createRenderChartTool(storeWithResult());
    const sorted = await tool.execute(
      { result_id: 'r1', kind: 'bar', x: 'state', y: 'quakes', sort: 'ascending' },
      { signal },
    );
    expect(chartOf(sorted).sort).toBe('ascending');
    const kept = await tool.execute(
      { result_id: 'r1', kind: 'bar', x: 'state', y: 'quakes', sort: 'rows' },
      { signal },
    );
    expect(chartOf(kept).sort).toBeUndefined();
  });

  it('draws histograms, lines and scatter plots', async () => {
    const tool = createRenderChartTool(storeWithResult());
    for (const args of [
      { kind: 'histogram', x: 'mag' },
      { kind: 'line', x: 'mag', y: 'quakes' },
      { kind: 'scatter', x: 'mag', y: 'quakes' },
    ]) {
      const result = await tool.execute({ result_id: 'r1', ...args }, { signal });
      expect(result.isError, result.content).toBeUndefined();
      expect(plotChart(chartOf(result), 300, document).tagName.toLowerCase()).toMatch(/svg|figure/);
    }
  });

  it('tells the model which results and columns exist when it names a wrong one', async () => {
    const tool = createRenderChartTool(storeWithResult());
    const missing = await tool.execute({ result_id: 'nope', kind: 'bar', x: 'state' }, { signal });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.content).toContain('Available result ids: r1');
    const column = await tool.execute({ result_id: 'r1', kind: 'bar', x: 'county' }, { signal });
    expect(column.content).toContain('state, quakes, mag');
  });
});

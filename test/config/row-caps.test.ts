// One row cap per purpose: each reader takes its number from ROW_CAPS, so the rows the model reads, the
// rows a query brings into the page, the rows kept with a conversation and the rows a chart draws are
// each what the caps say, and the same wherever that purpose is served.
import { describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../src/config/default-app-config';
import { ROW_CAPS } from '../../src/config/row-caps';
import { sqlToolDefinitions } from '../../src/mcp/sql-server/sql-tools';
import { capResult } from '../../src/storage/conversation-store';
import { createRenderChartTool } from '../../src/tools/chart/render-chart';
import { ResultStore } from '../../src/tools/result-store';
import { withRowsBounded } from '../../src/tools/table-result-data';

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ n: index }));

describe('the row caps', () => {
  it('each have a purpose of their own, and keep the sizes people were told', () => {
    expect(ROW_CAPS).toMatchObject({
      toModel: 50,
      perQueryDefault: 1_000,
      perQueryMax: 10_000,
      keptWithConversation: 5_000,
      chart: 5_000,
      uploadLayer: 100_000,
    });
  });

  it('give the model its rows by default', () => {
    expect(defaultAppConfig().limits.maxRowsToModel).toBe(ROW_CAPS.toModel);
  });

  it('bound what one query may bring into the page, and say so in its schema', () => {
    const query = sqlToolDefinitions({ writable: false, rowCap: ROW_CAPS.perQueryMax }).find(
      (tool) => tool.name === 'query',
    );
    const maxRows = (query?.inputSchema.properties as Record<string, Record<string, unknown>>)
      .max_rows;
    expect(maxRows?.maximum).toBe(ROW_CAPS.perQueryMax);
    expect(maxRows?.description).toBe(
      `Rows to return (default ${ROW_CAPS.perQueryDefault}, at most ${ROW_CAPS.perQueryMax}).`,
    );
  });

  it('keep as many rows with the conversation as they say, and mark the cut', () => {
    const kept = capResult({
      resultId: 'r1',
      serverId: 'embedded',
      columns: [{ name: 'n', type: 'INTEGER' }],
      rows: rows(ROW_CAPS.keptWithConversation + 1),
      totalRows: ROW_CAPS.keptWithConversation + 1,
    });
    expect(kept.rows).toHaveLength(ROW_CAPS.keptWithConversation);
    expect(kept.storedRows).toBe(ROW_CAPS.keptWithConversation);
  });

  it('keep a table without a result store to its own cap', () => {
    const bounded = withRowsBounded({
      kind: 'table',
      columns: [{ name: 'n', type: 'number' }],
      rows: rows(ROW_CAPS.inResultData + 5),
      totalRows: ROW_CAPS.inResultData + 5,
    });
    expect(bounded.rows).toHaveLength(ROW_CAPS.inResultData);
  });

  it('draw a chart of at most the chart cap', async () => {
    const store = new ResultStore();
    store.put({
      resultId: 'r2',
      serverId: 'embedded',
      columns: [
        { name: 'x', type: 'INTEGER' },
        { name: 'y', type: 'INTEGER' },
      ],
      rows: rows(ROW_CAPS.chart + 100).map(({ n }) => ({ x: n, y: n })),
      totalRows: ROW_CAPS.chart + 100,
    });
    const result = await createRenderChartTool(store).execute(
      { result_id: 'r2', kind: 'scatter', x: 'x', y: 'y' },
      { signal: new AbortController().signal },
    );
    const chart = (result.data as { chart: { rows: unknown[] } }).chart;
    expect(chart.rows).toHaveLength(ROW_CAPS.chart);
  });
});

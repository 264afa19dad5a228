// Call data stored before results were typed is read once, on load, into the union.
import { describe, expect, it } from 'vitest';
import { upgradeResultData } from '../../src/tools/upgrade-result-data';
import type { ChartSpec } from '../../src/tools/chart/chart-spec';
import type { ToolResultData } from '../../src/tools/tool';

const rows = [
  { state: 'TX', airports: 209 },
  { state: 'CA', airports: 205 },
];

const table: ToolResultData = {
  kind: 'table',
  resultId: 'r1',
  sql: 'SELECT 1',
  columns: [
    { name: 'state', type: 'VARCHAR' },
    { name: 'airports', type: 'BIGINT' },
  ],
  rows,
  totalRows: 2,
};

describe('upgrading stored call data', () => {
  it('reads the old MCP envelope of a SQL result as a table, keeping its rows', () => {
    expect(
      upgradeResultData({
        serverId: 'embedded',
        toolName: 'query',
        content: [{ type: 'text', text: '2 rows' }],
        structuredContent: {
          result_id: 'r1',
          sql: 'SELECT 1',
          columns: [
            { name: 'state', type: 'VARCHAR' },
            { name: 'airports', type: 'BIGINT' },
          ],
          rows,
          total_rows: 2,
          truncated: false,
          elapsed_ms: 4,
        },
      }),
    ).toEqual(table);
  });

  it('reads the four spellings of a bare table the view used to guess at', () => {
    for (const total of ['totalRows', 'total_rows', 'rowCount', 'row_count']) {
      expect(upgradeResultData({ resultId: 'r2', rows, [total]: 40 })).toEqual({
        kind: 'table',
        resultId: 'r2',
        columns: [
          { name: 'state', type: 'string' },
          { name: 'airports', type: 'number' },
        ],
        rows,
        totalRows: 40,
        truncated: true,
      });
    }
    expect(upgradeResultData({ result: { structured: { rows } } })).toMatchObject({
      kind: 'table',
      totalRows: 2,
    });
  });

  it('reads a stored chart', () => {
    const chart: ChartSpec = { kind: 'bar', resultId: 'r1', x: 'state', y: 'airports', rows };
    expect(upgradeResultData({ chart })).toEqual({ kind: 'chart', chart });
  });

  it('reads other MCP envelopes as their parts and structured content', () => {
    expect(
      upgradeResultData({
        serverId: 'everything',
        toolName: 'weather',
        content: [
          { type: 'text', text: 'sunny' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'mystery' },
        ],
        structuredContent: { temperature: 21 },
      }),
    ).toEqual({
      kind: 'mcp',
      content: [
        { type: 'text', text: 'sunny' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
      structuredContent: { temperature: 21 },
    });
  });

  it('drops what no view ever drew: cut text, lists, map states', () => {
    expect(upgradeResultData('the whole text of a long result')).toBeUndefined();
    expect(upgradeResultData([{ id: 'earthquakes' }])).toBeUndefined();
    expect(upgradeResultData({ center: [0, 0], zoom: 3 })).toBeUndefined();
    expect(upgradeResultData(undefined)).toBeUndefined();
  });

  it('returns current data as it is', () => {
    expect(upgradeResultData(table)).toBe(table);
  });
});

// @vitest-environment jsdom
// Exports keep what the person saw: a turn whose query the person charted from its table, and which the
// model charted with render_chart, exports as Markdown with the table's rows and both charts as SVG
// images (drawn by the page's Plot code, masked like the rest), and as JSON with both charts' specs.
import { describe, expect, it } from 'vitest';
import {
  conversationToJson,
  conversationToMarkdown,
} from '../../../src/conversations/export/export-conversation';
import { resolveTableData } from '../../../src/results/result-data';
import { ResultStore } from '../../../src/tools/result-store';
import type { TurnRecord } from '../../../src/agent/conversation/conversation-document';
import type { ChartSpec } from '../../../src/tools/chart/chart-spec';

const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const columns = [
  { name: 'state', type: 'VARCHAR' },
  { name: 'quakes', type: 'BIGINT' },
];
const rows = [
  { state: 'AK', quakes: 194 },
  { state: `CA | token ${secret}`, quakes: 205 },
  { state: 'TX\nnorth', quakes: 209 },
];

const personChart: ChartSpec = { kind: 'bar', resultId: 'q1', x: 'state', y: 'quakes', rows };
const modelChart: ChartSpec = {
  kind: 'bar',
  resultId: 'q1',
  x: 'state',
  y: 'quakes',
  title: 'Quakes by state',
  sort: 'descending',
  rows,
};

const turns: TurnRecord[] = [
  {
    runId: 'r',
    userText: 'Which states shook most?',
    startedAt: 0,
    status: 'idle',
    rounds: [
      {
        round: 0,
        text: '',
        reasoning: '',
        calls: [
          {
            callIndex: 0,
            name: 'query',
            serverId: 'embedded',
            displayArguments: { sql_query: 'SELECT state, quakes FROM by_state' },
            state: 'success',
            resultSummary: 'result_id q1: 3 rows',
            resultId: 'q1',
            data: { kind: 'table', resultId: 'q1', columns, totalRows: 3 },
            personChart,
          },
          {
            callIndex: 1,
            name: 'render_chart',
            displayArguments: { result_id: 'q1', kind: 'bar', x: 'state', y: 'quakes' },
            state: 'success',
            resultSummary: 'Drew a bar chart of q1.',
            data: { kind: 'chart', chart: modelChart },
          },
        ],
      },
    ],
  },
];

function resolveTable() {
  const results = new ResultStore();
  results.put({ resultId: 'q1', serverId: 'embedded', columns, rows, totalRows: 3 });
  return (data: unknown) => resolveTableData(data, (resultId) => results.get(resultId));
}

/** Each embedded image's alt text and its decoded SVG. */
function images(markdown: string): { alt: string; svg: string }[] {
  return [
    ...markdown.matchAll(/!\[([^\]]*)\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g),
  ].map((match) => ({
    alt: match[1] ?? '',
    svg: new TextDecoder().decode(Uint8Array.from(atob(match[2] ?? ''), (c) => c.charCodeAt(0))),
  }));
}

describe('exports with charts', () => {
  it('Markdown holds the result rows as a table and both charts as SVG images with captions', async () => {
    const markdown = await conversationToMarkdown('Quakes', turns, {
      resolveTable: resolveTable(),
    });
    expect(markdown).toContain('| state | quakes |\n| --- | --- |\n| AK | 194 |');
    expect(markdown).toContain('| TX<br>north | 209 |');
    expect(markdown).toMatch(/\| CA \\\| token \S*\[REDACTED\]\S* \| 205 \|/);

    const drawn = images(markdown);
    expect(drawn.map((image) => image.alt)).toEqual([
      'Chart: Bar chart of quakes by state',
      'Chart: Quakes by state',
    ]);
    for (const { svg } of drawn) {
      // A file a viewer can read: well-formed XML (no attribute written twice), in black on white.
      const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(parsed.querySelector('parsererror')).toBeNull();
      expect(parsed.documentElement.getAttribute('class')).toBe('mw-plot');
      expect(parsed.documentElement.getAttribute('color')).toBe('black');
      expect(svg).toContain('AK');
      // The drawn values pass redaction too (the bar's full label is its tooltip).
      expect(svg).toContain('[REDACTED]');
      expect(svg).not.toContain(secret);
    }
    // Each chart has its caption under it; the person's sits under the table it charts.
    expect(markdown).toContain('\n\n*Bar chart of quakes by state*\n');
    expect(markdown).toContain('\n\n*Quakes by state*\n');
    expect(markdown.indexOf('| AK | 194 |')).toBeLessThan(markdown.indexOf('Bar chart of quakes'));
    expect(markdown).not.toContain(secret);
  });

  it('Markdown says a chart could not be drawn instead of failing the export', async () => {
    const markdown = await conversationToMarkdown('Quakes', turns, {
      resolveTable: resolveTable(),
      drawChart: () => Promise.reject(new Error('no canvas')),
    });
    expect(markdown).toContain(
      '*The chart “Quakes by state” could not be drawn: Error: no canvas*',
    );
    expect(markdown).toContain('| AK | 194 |');
  });

  it('JSON carries both charts’ specs and the table each one charts', () => {
    const exported = JSON.parse(conversationToJson('Quakes', turns, [], resolveTable()));
    const [query, render] = exported.turns[0].toolCalls;
    expect(query.resultId).toBe('q1');
    expect(query.rows).toHaveLength(3);
    expect(query.personChart).toEqual({
      kind: 'bar',
      resultId: 'q1',
      x: 'state',
      y: 'quakes',
      drawnRows: 3,
    });
    expect(render.chart).toEqual({
      kind: 'bar',
      resultId: 'q1',
      x: 'state',
      y: 'quakes',
      title: 'Quakes by state',
      sort: 'descending',
      drawnRows: 3,
    });
    expect(exported.version).toBe(2);
  });
});

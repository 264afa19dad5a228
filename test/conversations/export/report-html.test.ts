// The report file: every text escaped, values masked, only checked data: images, no script, a CSP that
// allows its one stylesheet by hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  conversationReportHtml,
  REPORT_STYLE,
} from '../../../src/conversations/export/report-html';
import type { TurnRecord } from '../../../src/agent/conversation/conversation-document';

const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';

const turn: TurnRecord = {
  runId: 'run-1',
  userText: `Where? ${hostile}`,
  startedAt: 0,
  status: 'idle',
  rounds: [
    {
      round: 0,
      text: `Here ${hostile}`,
      reasoning: '',
      calls: [
        {
          callIndex: 0,
          name: 'query',
          displayArguments: { sql: "SELECT '</pre><script>' AS x" },
          state: 'success',
          data: {
            kind: 'table',
            columns: [{ name: '<th onclick=x>', type: 'VARCHAR' }],
            rows: [{ '<th onclick=x>': `${hostile} password: hunter22` }],
            totalRows: 1,
          },
          personChart: {
            kind: 'bar',
            resultId: 'r1',
            x: '<th onclick=x>',
            y: '<th onclick=x>',
            rows: [],
          },
        },
      ],
    },
  ],
};

describe('the report', () => {
  it('escapes every text, masks values, and carries no script', async () => {
    const html = await conversationReportHtml({
      title: hostile,
      createdAt: 0,
      turns: [turn],
      resolveTable: (data) =>
        data && typeof data === 'object' && 'rows' in data
          ? {
              columns: ['<th onclick=x>'],
              rows: (data as { rows: Record<string, unknown>[] }).rows,
              totalRows: 1,
            }
          : undefined,
      // A drawn chart that is not an SVG data: URI is refused.
      drawChart: async () => ({ dataUri: 'javascript:alert(3)', description: 'x', missing: 0 }),
      mapImage: 'https://example.com/map.png',
      attributions: ['© <b>OSM</b>'],
      now: 0,
    });
    expect(html).not.toMatch(/<script|<img src=x|<th onclick|javascript:|example\.com/i);
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).not.toContain('hunter22');
    expect(html).toContain('© &lt;b&gt;OSM&lt;/b&gt;');
    expect(html).toContain('could not be drawn');
    const hash = createHash('sha256').update(REPORT_STYLE).digest('base64');
    expect(html).toContain(`style-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain('default-src &#39;none&#39;');
  });

  it("quotes an imported call's decision as the file's claim, never as this browser's", async () => {
    const imported: TurnRecord = {
      ...turn,
      rounds: [
        {
          round: 0,
          text: '',
          reasoning: '',
          calls: [
            {
              callIndex: 0,
              name: 'query',
              displayArguments: { sql: 'SELECT 1' },
              state: 'success',
              audit: {
                runId: 'forged',
                proposedArguments: { sql: 'SELECT 1' },
                decision: 'approved',
                decidedBy: 'asked',
                proposedAt: 0,
                imported: true,
              },
            },
          ],
        },
      ],
    };
    const html = await conversationReportHtml({
      title: 'Imported',
      createdAt: 0,
      turns: [imported],
      resolveTable: () => undefined,
      drawChart: async () => ({ dataUri: '', description: '', missing: 0 }),
      attributions: [],
      now: 0,
    });
    expect(html).toContain(
      '<p class="decision decision-imported">Imported, not decided here (the file says “Approved”)</p>',
    );
  });

  it('reads as prose: the answer’s markdown rendered, a map tool as what it did, times in words', async () => {
    const mapped: TurnRecord = {
      runId: 'run-2',
      userText: 'Strongest quakes?',
      startedAt: 0,
      status: 'idle',
      rounds: [
        {
          round: 0,
          text: 'The **ten strongest** are drawn.',
          reasoning: '',
          calls: [
            {
              callIndex: 0,
              name: 'map_query_result',
              displayArguments: { result_id: 'r1', geometry: { kind: 'points' } },
              state: 'success',
              resultSummary: 'Drew 10 points as layer result-r1.',
            },
          ],
        },
      ],
    };
    const html = await conversationReportHtml({
      title: 'Quakes',
      createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      turns: [mapped],
      resolveTable: () => undefined,
      drawChart: async () => ({ dataUri: '', description: '', missing: 0 }),
      attributions: [],
      now: Date.UTC(2026, 0, 2, 4, 0, 0),
      timeZone: 'UTC',
      // The page passes renderMarkdown; a stand-in that renders bold is enough here.
      renderAnswer: (markdown) => markdown.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>'),
    });
    expect(html).toContain('<strong>ten strongest</strong>');
    expect(html).not.toContain('**');
    expect(html).toContain('Drew 10 points as layer result-r1.');
    expect(html).not.toContain('&quot;geometry&quot;');
    expect(html).toContain(
      '<time datetime="2026-01-02T03:04:05.000Z">2 January 2026 at 03:04 UTC</time>',
    );
    expect(html).not.toMatch(/>2026-01-02T/);
  });
});

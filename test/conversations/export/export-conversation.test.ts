import { describe, expect, it } from 'vitest';
import {
  conversationToJson,
  conversationToMarkdown,
} from '../../../src/conversations/export/export-conversation';
import { resolveTableData } from '../../../src/results/result-data';
import { ResultStore } from '../../../src/tools/result-store';
import type { TurnRecord } from '../../../src/agent/conversation/conversation-document';

const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';

const turns: TurnRecord[] = [
  {
    runId: 'r',
    userText: `Use my key ${secret} please`,
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
            displayArguments: { sql_query: 'SELECT mag FROM earthquakes', api_key: secret },
            state: 'success',
            durationMs: 5,
            resultSummary: 'mag\n7.1',
            resultId: 'q1',
            // Rows are stored once, in the page's ResultStore (and beside the document).
            data: {
              kind: 'table',
              resultId: 'q1',
              columns: [{ name: 'mag', type: 'DOUBLE' }],
              totalRows: 1,
            },
          },
        ],
      },
      { round: 1, text: 'The strongest was **7.1**.', reasoning: '', calls: [] },
    ],
  },
];

describe('export', () => {
  it('writes Markdown with the question, the SQL, the result and the answer', async () => {
    const markdown = await conversationToMarkdown('Quakes', turns);
    expect(markdown).toContain('# Quakes');
    expect(markdown).toContain('```sql\nSELECT mag FROM earthquakes\n```');
    expect(markdown).toContain('mag\n7.1');
    expect(markdown).toContain('The strongest was **7.1**.');
    // No ResultStore holds the table's rows here: the file says so instead of an empty table.
    expect(markdown).toContain('*1 row; the page no longer holds them.*');
  });

  it('writes JSON with tool calls, results and the rows the page holds for them', () => {
    const results = new ResultStore();
    results.put({
      resultId: 'q1',
      serverId: 'embedded',
      columns: [{ name: 'mag', type: 'DOUBLE' }],
      rows: [{ mag: 7.1 }],
      totalRows: 1,
    });
    const exported = JSON.parse(
      conversationToJson('Quakes', turns, [{ role: 'user', content: 'hi' }], (data) =>
        resolveTableData(data, (resultId) => results.get(resultId)),
      ),
    );
    expect(exported.turns[0].toolCalls[0]).toMatchObject({
      tool: 'query',
      server: 'embedded',
      status: 'success',
      rows: [{ mag: 7.1 }],
      totalRows: 1,
    });
    expect(exported.history).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('passes everything through redaction', async () => {
    // Redaction itself is tested with its corpus; here: the export never contains a secret verbatim.
    expect(await conversationToMarkdown('Quakes', turns)).not.toContain(secret);
    expect(conversationToJson('Quakes', turns)).not.toContain(secret);
  });
});

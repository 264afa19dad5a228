// A query run again says whether its rows changed since the same SQL ran before.
import { describe, expect, it } from 'vitest';
import { createConversationDocument } from '../../../src/agent/conversation/conversation-document';
import { rerunNote } from '../../../src/chat/turn/rerun-note';
import type { CallRecord, TurnRecord } from '../../../src/agent/conversation/conversation-document';
import type { TableData } from '../../../src/results/result-data';

function queryCall(callId: string, sql: string, rows: Record<string, unknown>[]): CallRecord {
  return {
    callIndex: 0,
    callId,
    name: 'query',
    serverId: 'embedded',
    displayArguments: { sql_query: sql },
    state: 'success',
    data: {
      kind: 'table',
      columns: [{ name: 'n', type: 'INTEGER' }],
      rows,
      totalRows: rows.length,
    },
  };
}

const turn = (call: CallRecord): TurnRecord => ({
  runId: call.callId ?? 'r',
  userText: 'q',
  startedAt: 0,
  status: 'idle',
  rounds: [{ round: 0, text: '', reasoning: '', calls: [call] }],
});

const resolve = (data: unknown): TableData | undefined => {
  const table = data as { rows: Record<string, unknown>[]; totalRows: number } | undefined;
  return table && { columns: ['n'], rows: table.rows, totalRows: table.totalRows };
};

describe('the note on a query run again', () => {
  it('says the rows changed, or that they are the same, and nothing for a first run', () => {
    const first = queryCall('a', 'SELECT n FROM t', [{ n: 1 }]);
    const same = queryCall('b', 'SELECT n\n  FROM t', [{ n: 1 }]);
    const changed = queryCall('c', 'SELECT n FROM t', [{ n: 1 }, { n: 2 }]);
    const document = {
      ...createConversationDocument('c', 0),
      turns: [turn(first), turn(same), turn(changed)],
    };
    expect(rerunNote(document, 0, first, resolve)).toBeUndefined();
    expect(rerunNote(document, 1, same, resolve)).toBe('Same rows as in question 1 (1 row)');
    expect(rerunNote(document, 2, changed, resolve)).toBe(
      'Rows changed since question 2: 1 row then, 2 rows now',
    );
  });
});

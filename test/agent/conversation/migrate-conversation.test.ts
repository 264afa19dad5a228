// Every stored conversation of the fixture corpus opens with its call data typed: the tables older
// releases stored are tables again, with their rows and result ids.
import { describe, expect, it } from 'vitest';
import { parseConversationDocument } from '../../../src/agent/conversation/migrate-conversation';
import { conversationFixtures, openFixture } from './conversation-fixtures';
import type { ConversationDocument } from '../../../src/agent/conversation/conversation-document';

const calls = (document: ConversationDocument) =>
  document.turns.flatMap((turn) => turn.rounds.flatMap((round) => round.calls));

describe('call data of stored conversations', () => {
  it.each(conversationFixtures)('%s: every call’s data has a kind', (file) => {
    for (const call of calls(openFixture(file))) {
      if (call.data !== undefined) expect(['table', 'chart', 'mcp']).toContain(call.data.kind);
    }
  });

  it.each(['v1-completed.json', 'v2-completed.json'])(
    '%s: the stored query result is a table with its rows, columns and result id',
    (file) => {
      const query = calls(openFixture(file)).find((call) => call.name === 'query');
      expect(query?.resultId).toBe('r-fixture-1');
      expect(query?.data).toEqual({
        kind: 'table',
        resultId: 'r-fixture-1',
        sql: 'SELECT state, count(*) AS airports FROM airports GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
        columns: [
          { name: 'state', type: 'VARCHAR' },
          { name: 'airports', type: 'BIGINT' },
        ],
        rows: [
          { state: 'TX', airports: 209 },
          { state: 'CA', airports: 205 },
          { state: 'AK', airports: 194 },
        ],
        totalRows: 3,
      });
    },
  );

  it('leaves a version-2 document whose data is already typed as it was', () => {
    const document = openFixture('v2-completed.json');
    expect(parseConversationDocument(structuredClone(document))).toEqual(document);
  });
});

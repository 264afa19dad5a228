// Every stored conversation of the fixture corpus opens with its call data typed: the tables older
// releases stored are tables again, with their rows and result ids.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_VERSION,
  waitingApproval,
} from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { parseConversationDocument } from '../../../src/agent/conversation/migrate-conversation';
import { reopenConversation } from '../../../src/agent/conversation/reopen-conversation';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, mcpTool, sqlSchema } from '../fakes';
import { conversationFixtures, openFixture } from './conversation-fixtures';
import type {
  ConversationDocument,
  PendingApproval,
} from '../../../src/agent/conversation/conversation-document';

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

describe('a conversation saved by version 2 while a card waited', () => {
  const stored = () =>
    JSON.parse(
      readFileSync('test/fixtures/conversations/v2-waiting-approval.json', 'utf8'),
    ) as Record<string, unknown> & { pendingApproval: PendingApproval };

  it('opens at this version with its one record whole, and no approval phase beside it', () => {
    const document = openFixture('v2-waiting-approval.json');
    expect(document.version).toBe(CONVERSATION_VERSION);
    expect(document.pendingApproval).toEqual(stored().pendingApproval);
    expect(document.agent.pendingTurn).toBeUndefined();
    expect(document.agent.status).toBe('tool_loop');
  });

  it('reopens with its card: the proposed call pending, the SQL the person typed kept', () => {
    const { document } = reopenConversation(openFixture('v2-waiting-approval.json'), 1);
    const waiting = waitingApproval(document);
    expect(waiting?.proposal.calls.map((proposed) => proposed.call.id)).toEqual(['call_0_0']);
    expect(waiting?.edits).toEqual({
      call_0_0: {
        sql: 'SELECT state, count(*) AS airports FROM airports GROUP BY 1 ORDER BY 2 DESC',
      },
    });
    expect(document.turns[0]?.rounds[0]?.calls[0]?.state).toBe('pending');
    expect(document.agent.pendingTurn).toBeUndefined();
  });

  it('goes on from that record alone once the person decides, with the rounds it had used', async () => {
    let document = reopenConversation(openFixture('v2-waiting-approval.json'), 1).document;
    const edited = {
      sql: 'SELECT state, count(*) AS airports FROM airports GROUP BY 1 ORDER BY 2 DESC',
    };
    document = reduceConversation(document, {
      type: 'approval-decided',
      decisions: [{ kind: 'approve-edited', arguments: edited }],
      at: 2,
    });
    const query = mcpTool('duckdb', 'query', () => ({ content: '3 states' }), sqlSchema);
    const model = createScriptedModel([{ text: 'Texas has the most.' }]);
    const harness = createAgent(model, [query]);
    const handle = harness.agent.resume({
      state: document.agent,
      commit: (state) => (document = reduceConversation(document, { type: 'agent-state', state })),
      ...(document.pendingApproval ? { approval: document.pendingApproval } : {}),
    });
    for await (const event of handle.events)
      document = reduceConversation(document, { type: 'agent-event', event, at: 3 });
    const result = await handle.result;
    document = reduceConversation(document, {
      type: 'run-settled',
      runId: handle.runId,
      result,
      at: 4,
    });
    expect(result).toMatchObject({ outcome: 'completed', rounds: 2 });
    expect(query.calls).toEqual([edited]);
    expect(document.pendingApproval).toBeUndefined();
    // The decided call lands in the round that proposed it; the answer in the next.
    expect(document.turns[0]?.rounds.map((round) => round.calls.map((call) => call.state))).toEqual(
      [['success'], []],
    );
    model.assertAllUsed();
  });
});

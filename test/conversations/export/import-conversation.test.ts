// @vitest-environment jsdom
// Import reads a JSON export back into a stored conversation: its turns, rounds, calls, table rows
// (within the stored caps), charts and map; result ids another conversation uses are renamed
// everywhere; secrets stay masked; a file that is not an export gets one sentence and stores nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ROW_CAPS } from '../../../src/config/row-caps';
import { conversationToJson } from '../../../src/conversations/export/export-conversation';
import { importConversation } from '../../../src/conversations/export/import-conversation';
import { NOT_AN_EXPORT } from '../../../src/conversations/export/read-conversation-export';
import { ConversationStore } from '../../../src/storage/conversation-store';
import type { TurnRecord } from '../../../src/agent/conversation/conversation-document';

let count = 0;
const SECRET = 'sk-live-abcdefghijklmnopqrstuvwxyz0123456789';
const rows = Array.from({ length: ROW_CAPS.keptWithConversation + 10 }, (_, index) => ({
  n: index,
  v: `v${index}`,
}));

const turns: TurnRecord[] = [
  {
    runId: 'run-1',
    userText: `Count rows, key ${SECRET}`,
    startedAt: Date.parse('2025-01-02T03:04:05Z'),
    status: 'idle',
    outcome: 'completed',
    rounds: [
      {
        round: 0,
        text: 'Querying.',
        reasoning: '',
        calls: [
          {
            callIndex: 0,
            name: 'query',
            serverId: 'embedded',
            displayArguments: { sql_query: 'SELECT n, v FROM t' },
            state: 'success',
            resultSummary: 'rows, result_id=q1',
            resultId: 'q1',
            data: {
              kind: 'table',
              resultId: 'q1',
              columns: [
                { name: 'n', type: 'INTEGER' },
                { name: 'v', type: 'VARCHAR' },
              ],
              totalRows: rows.length,
            },
            personChart: { kind: 'bar', resultId: 'q1', x: 'v', y: 'n', rows: [] },
          },
        ],
      },
      { round: 1, text: 'There are many rows.', reasoning: '', calls: [] },
    ],
  },
];

function exported(): string {
  return conversationToJson(
    'Counting',
    turns,
    [{ role: 'user', content: 'Count rows' }],
    () => ({ resultId: 'q1', columns: ['n', 'v'], rows, totalRows: rows.length }),
    { map: { version: 1, resultLayers: [{ resultId: 'q1' }], layers: [{ id: 'result-q1' }] } },
  );
}

async function openStore(): Promise<ConversationStore> {
  return ConversationStore.open(`import-test-${(count += 1)}`);
}

describe('importing a conversation', () => {
  it('brings back its turns, rounds, rows within the caps, chart and map, with secrets masked', async () => {
    const store = await openStore();
    const outcome = await importConversation(store, exported());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const document = await store.load(outcome.id);
    const turn = document?.turns[0];
    expect(turn?.userText).toContain('Count rows');
    expect(turn?.userText).not.toContain(SECRET);
    expect(turn?.rounds.map((round) => round.text)).toEqual(['Querying.', 'There are many rows.']);
    const call = turn?.rounds[0]?.calls[0];
    expect(call?.data).toMatchObject({ kind: 'table', resultId: 'q1', totalRows: rows.length });
    expect(call?.personChart?.rows).toHaveLength(ROW_CAPS.keptWithConversation);
    expect(call?.unreadable).toBeUndefined();
    expect(document?.map).toMatchObject({ resultLayers: [{ resultId: 'q1' }] });
    expect(document?.agent.history).toEqual([{ role: 'user', content: 'Count rows' }]);
    const [result] = await store.loadResults(outcome.id);
    expect(result?.rows).toHaveLength(ROW_CAPS.keptWithConversation);
    expect(result?.columns).toEqual([
      { name: 'n', type: 'INTEGER' },
      { name: 'v', type: 'VARCHAR' },
    ]);
    store.close();
  });

  it('imported twice: a new conversation each time, the clashing result id renamed everywhere', async () => {
    const store = await openStore();
    const first = await importConversation(store, exported());
    const second = await importConversation(store, exported());
    if (!first.ok || !second.ok) throw new Error('both import');
    expect(second.id).not.toBe(first.id);
    const document = await store.load(second.id);
    const renamed = document?.resultIds[0] ?? '';
    expect(renamed).not.toBe('q1');
    expect(renamed.startsWith('q1-')).toBe(true);
    const call = document?.turns[0]?.rounds[0]?.calls[0];
    expect(call?.resultId).toBe(renamed);
    expect(call?.personChart?.resultId).toBe(renamed);
    expect(call?.resultSummary).toBe(`rows, result_id=${renamed}`);
    expect(document?.map).toMatchObject({
      resultLayers: [{ resultId: renamed }],
      layers: [{ id: `result-${renamed}` }],
    });
    expect((await store.loadResults(second.id))[0]?.resultId).toBe(renamed);
    expect((await store.load(first.id))?.resultIds).toEqual(['q1']);
    store.close();
  });

  it.each([
    ['not JSON', 'hello'],
    ['GeoJSON', '{"type":"FeatureCollection","features":[]}'],
    ['another version', '{"format":"mapwright-conversation","version":9,"turns":[]}'],
  ])('%s: one sentence, nothing stored', async (_name, text) => {
    const store = await openStore();
    expect(await importConversation(store, text)).toEqual({ ok: false, problem: NOT_AN_EXPORT });
    expect(await store.list()).toEqual([]);
    store.close();
  });
});

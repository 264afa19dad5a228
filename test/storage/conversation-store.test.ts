// Conversations in IndexedDB (fake-indexeddb, the real API in memory): one document per conversation,
// results beside it, the list, delete, and conversations stored by the previous release (version 1: turns
// and agent snapshot in two stores) read through the migration without loss.
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_VERSION,
  type ConversationDocument,
} from '../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../src/agent/conversation/conversation-reducer';
import { reopenConversation } from '../../src/agent/conversation/reopen-conversation';
import { ROW_CAPS } from '../../src/config/row-caps';
import {
  capResult,
  ConversationStore,
  type ConversationSummary,
} from '../../src/storage/conversation-store';
import { upgradeResultData } from '../../src/tools/upgrade-result-data';

const fixtures = 'test/fixtures/conversations';
let databaseCount = 0;
const opened: ConversationStore[] = [];

async function openStore(name = `store-test-${(databaseCount += 1)}`) {
  const store = await ConversationStore.open(name);
  opened.push(store);
  return { store, name };
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

interface V1Fixture {
  summary: { id: string; title: string; createdAt: number; updatedAt: number };
  turns: { rounds: { text: string; reasoning: string; calls: { data?: unknown }[] }[] }[];
  snapshot: { history: unknown[]; pendingTurn?: { phase: string } };
}

/** Writes a version-1 fixture the way the previous release did: three stores, database version 1. */
async function writeV1(name: string, fixture: V1Fixture): Promise<void> {
  const database = await openDB(name, 1, {
    upgrade(upgrade) {
      const conversations = upgrade.createObjectStore('conversations', { keyPath: 'id' });
      conversations.createIndex('updatedAt', 'updatedAt');
      upgrade.createObjectStore('turns', { keyPath: ['conversationId', 'index'] });
      upgrade.createObjectStore('snapshots', { keyPath: 'conversationId' });
    },
  });
  const id = fixture.summary.id;
  await database.put('conversations', fixture.summary);
  for (const [index, turn] of fixture.turns.entries()) {
    await database.put('turns', { conversationId: id, index, turn });
  }
  await database.put('snapshots', { conversationId: id, snapshot: fixture.snapshot });
  database.close();
}

const v1Fixtures = readdirSync(fixtures).filter((file) => file.startsWith('v1-'));
const v2Fixtures = readdirSync(fixtures).filter((file) => file.startsWith('v2-'));
const readFixture = <T>(file: string): T =>
  JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as T;

describe('conversations stored by the previous release (version 1)', () => {
  it('has a corpus of every kind of stored conversation', () => {
    expect(v1Fixtures.sort()).toEqual([
      'v1-awaiting-approval.json',
      'v1-checkpoint.json',
      'v1-completed.json',
      'v1-cut-off-mid-stream.json',
      'v1-failed.json',
    ]);
  });

  it.each(v1Fixtures)(
    '%s loads whole: every turn, round, call, result and message',
    async (file) => {
      const fixture = readFixture<V1Fixture>(file);
      const name = `v1-${file}-${(databaseCount += 1)}`;
      await writeV1(name, fixture);
      const { store } = await openStore(name);
      const document = (await store.load(fixture.summary.id)) as ConversationDocument;
      expect(document.version).toBe(CONVERSATION_VERSION);
      expect(document.title).toBe(fixture.summary.title);
      expect(document.createdAt).toBe(fixture.summary.createdAt);
      expect(document.agent.history).toEqual(fixture.snapshot.history);
      expect(document.agent.pendingTurn?.phase).toBe(fixture.snapshot.pendingTurn?.phase);
      expect(document.turns).toHaveLength(fixture.turns.length);
      document.turns.forEach((turn, index) => {
        const before = fixture.turns[index]!;
        expect(turn.rounds.map((round) => round.text)).toEqual(
          before.rounds.map((round) => round.text),
        );
        expect(turn.rounds.map((round) => round.reasoning)).toEqual(
          before.rounds.map((round) => round.reasoning),
        );
        // Call data is read into the typed union (upgrade-result-data tests the shapes).
        expect(turn.rounds.flatMap((round) => round.calls.map((call) => call.data))).toEqual(
          before.rounds.flatMap((round) => round.calls.map((call) => upgradeResultData(call.data))),
        );
      });
      // Saved once, the conversation is a document and the version-1 records are gone.
      await store.save(document);
      expect(await store.load(document.id)).toEqual(document);
      store.close();
      const database = await openDB(name);
      expect(await database.count('turns')).toBe(0);
      expect(await database.count('snapshots')).toBe(0);
      database.close();
    },
  );

  it('keeps the result id of a migrated table, so it can be charted and drawn again', async () => {
    const fixture = readFixture<V1Fixture>('v1-completed.json');
    const name = `v1-results-${(databaseCount += 1)}`;
    await writeV1(name, fixture);
    const { store } = await openStore(name);
    const document = (await store.load(fixture.summary.id)) as ConversationDocument;
    expect(document.resultIds).toEqual(['r-fixture-1']);
    expect(document.turns[0]?.rounds[0]?.calls[0]?.resultId).toBe('r-fixture-1');
  });

  it('a migrated turn cut off mid-stream reopens interrupted, with its partial text in the history', async () => {
    const fixture = readFixture<V1Fixture>('v1-cut-off-mid-stream.json');
    const name = `v1-cut-${(databaseCount += 1)}`;
    await writeV1(name, fixture);
    const { store } = await openStore(name);
    const stored = (await store.load(fixture.summary.id)) as ConversationDocument;
    const { document } = reopenConversation(stored, 1);
    expect(document.pendingApproval).toBeUndefined();
    expect(document.turns[0]).toMatchObject({
      interrupted: true,
      interruptedBy: 'reload',
      resumable: true,
    });
    expect(document.agent.history.at(-1)).toEqual({
      role: 'assistant',
      content: 'The strongest earthquake',
      interrupted: true,
    });
  });

  it('a migrated turn waiting for approval reopens with its card: the call proposed again', async () => {
    const fixture = readFixture<V1Fixture>('v1-awaiting-approval.json');
    const name = `v1-wait-${(databaseCount += 1)}`;
    await writeV1(name, fixture);
    const { store } = await openStore(name);
    const stored = (await store.load(fixture.summary.id)) as ConversationDocument;
    const { document } = reopenConversation(stored, 1);
    expect(document.pendingApproval?.proposal.calls.map((call) => call.call)).toEqual([
      { id: 'call_0_0', name: 'query', arguments: { sql_query: 'SELECT count(*) FROM airports' } },
    ]);
    expect(document.pendingApproval?.proposal.calls[0]?.serverId).toBe('embedded');
    expect(document.agent.pendingTurn).toBeUndefined();
    expect(document.turns[0]?.rounds[0]?.calls[0]?.state).toBe('pending');
  });
});

describe('conversations of the previous version (version 2)', () => {
  it('has a corpus of stored documents', () => {
    expect(v2Fixtures.length).toBeGreaterThan(0);
  });

  it.each(v2Fixtures)(
    '%s loads as it was stored at this version, its call data typed',
    async (file) => {
      const stored = readFixture<ConversationDocument>(file);
      const { store } = await openStore();
      await store.save(stored);
      const loaded = await store.load(stored.id);
      // Version 3 keeps a waiting approval once: the pending approval, with no `approval` phase of the
      // agent's pending turn beside it, and no `restoredRound` in the live run.
      const { pendingTurn, ...agent } = stored.agent;
      const phase = (pendingTurn as { phase: string } | undefined)?.phase;
      const { restoredRound: _restoredRound, ...run } = (stored.run ?? {}) as Record<
        string,
        unknown
      >;
      expect(loaded).toEqual({
        ...stored,
        version: CONVERSATION_VERSION,
        agent: pendingTurn && phase !== 'approval' ? { ...agent, pendingTurn } : agent,
        ...(stored.run ? { run } : {}),
        turns: stored.turns.map((turn) => ({
          ...turn,
          rounds: turn.rounds.map((round) => ({
            ...round,
            calls: round.calls.map(({ data, ...call }) => {
              const upgraded = upgradeResultData(data);
              return upgraded ? { ...call, data: upgraded } : call;
            }),
          })),
        })),
      });
    },
  );
});

describe('the conversation store', () => {
  it('lists conversations most recently updated first; a new one starts empty', async () => {
    const { store } = await openStore();
    expect(await store.list()).toEqual([]);
    const first = await store.create(1000);
    const second = await store.create(2000);
    expect((await store.list()).map((summary) => summary.id)).toEqual([second.id, first.id]);
    await store.save({ ...first, updatedAt: 3000 });
    expect((await store.list()).map((summary) => summary.id)).toEqual([first.id, second.id]);
    expect(second.turns).toEqual([]);
  });

  it('keeps results beside their conversation, capped, and deleting removes only that conversation', async () => {
    const { store } = await openStore();
    const kept = await store.create();
    const removed = await store.create();
    const rows = Array.from({ length: ROW_CAPS.keptWithConversation + 10 }, (_, index) => ({
      n: index,
    }));
    const result = {
      resultId: 'r1',
      serverId: 'embedded',
      columns: [{ name: 'n', type: 'INTEGER' }],
      rows,
      totalRows: rows.length,
    };
    const stored = await store.saveResult(kept.id, result);
    expect(stored.rows).toHaveLength(ROW_CAPS.keptWithConversation);
    expect(stored.storedRows).toBe(ROW_CAPS.keptWithConversation);
    await store.saveResult(removed.id, { ...result, resultId: 'r2', rows: rows.slice(0, 3) });
    await store.delete(removed.id);
    expect((await store.loadResults(kept.id)).map((entry) => entry.resultId)).toEqual(['r1']);
    expect(await store.loadResults(removed.id)).toEqual([]);
    expect(await store.load(removed.id)).toBeUndefined();
    expect((await store.list()).map((summary) => summary.id)).toEqual([kept.id]);
  });

  it('caps a result at 5 MB even under the row cap', () => {
    const wide = 'x'.repeat(100_000);
    const rows = Array.from({ length: 80 }, () => ({ wide }));
    const capped = capResult({ resultId: 'r', serverId: 's', columns: [], rows, totalRows: 80 });
    expect(capped.rows.length).toBeLessThan(60);
    expect(capped.storedRows).toBe(capped.rows.length);
    const small = {
      resultId: 'r',
      serverId: 's',
      columns: [],
      rows: rows.slice(0, 2),
      totalRows: 2,
    };
    expect(capResult(small)).toBe(small);
  });

  it('a conversation survives closing and reopening the database', async () => {
    const { store, name } = await openStore();
    let document = await store.create();
    document = reduceConversation(document, {
      type: 'agent-event',
      event: { type: 'turn-start', runId: 'r', userMessage: 'Capital of France?' },
      at: 5,
    });
    await store.save(document);
    store.close();
    const { store: reopened } = await openStore(name);
    expect(await reopened.load(document.id)).toEqual(document);
    expect((await reopened.list())[0]?.title).toBe('Capital of France?');
  });

  it('checks a write against the stored revision without reading the stored document back', async () => {
    const { store } = await openStore();
    const document = await store.create();
    const first = await store.save({ ...document, title: 'First' }, 1);
    const read = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      expect(await store.save({ ...document, title: 'Second' }, first.revision)).toEqual({
        saved: true,
        revision: first.revision + 1,
      });
      // Based on the older revision: refused, as before, without the document read.
      expect(await store.save({ ...document, title: 'Stale' }, first.revision)).toEqual({
        saved: false,
        revision: first.revision + 1,
      });
      const stores = read.mock.contexts.map((context) => (context as IDBObjectStore).name);
      expect(stores).toContain('conversations');
      expect(stores).not.toContain('documents');
    } finally {
      read.mockRestore();
    }
    expect((await store.load(document.id))?.title).toBe('Second');
  });

  it('a list entry written before it kept the revision sends the check to the stored document', async () => {
    const { store, name } = await openStore();
    const document = await store.create();
    const saved = await store.save({ ...document, title: 'Newer' });
    const database = await openDB(name);
    const listed = (await database.get('conversations', document.id)) as ConversationSummary;
    const { revision: _revision, ...older } = listed;
    await database.put('conversations', older);
    database.close();
    expect(await store.save({ ...document, title: 'Stale' }, saved.revision - 1)).toEqual({
      saved: false,
      revision: saved.revision,
    });
  });

  it('a delete can be undone until it is made permanent, across a reopen of the database', async () => {
    const { store, name } = await openStore();
    const kept = await store.create(1000);
    const deleted = await store.create(2000);
    await store.markDeleted(deleted.id, 5000);
    expect((await store.list()).map((summary) => summary.id)).toEqual([kept.id]);
    // A late write of the open conversation does not bring it back to the list.
    await store.save({ ...deleted, updatedAt: 6000 });
    expect((await store.list()).map((summary) => summary.id)).toEqual([kept.id]);
    store.close();
    const { store: reopened } = await openStore(name);
    expect((await reopened.listDeleted()).map((summary) => summary.id)).toEqual([deleted.id]);
    await reopened.undelete(deleted.id);
    expect((await reopened.list()).map((summary) => summary.id)).toEqual([deleted.id, kept.id]);
    expect(await reopened.listDeleted()).toEqual([]);
    await reopened.markDeleted(deleted.id);
    await reopened.delete(deleted.id);
    expect(await reopened.listDeleted()).toEqual([]);
    expect(await reopened.load(deleted.id)).toBeUndefined();
  });

  it('a list entry carries its questions for searching, and a rename of a closed one sticks', async () => {
    const { store } = await openStore();
    let document = await store.create();
    document = reduceConversation(document, {
      type: 'agent-event',
      event: { type: 'turn-start', runId: 'r', userMessage: 'Capital of France?' },
      at: 5,
    });
    await store.save(document);
    await store.rename(document.id, 'Geography quiz');
    const [summary] = await store.list();
    expect(summary?.title).toBe('Geography quiz');
    expect(summary?.questions).toBe('Capital of France?');
    expect((await store.load(document.id))?.titleEdited).toBe(true);
  });

  it('says plainly when a stored document cannot be read', async () => {
    const { store, name } = await openStore();
    const document = await store.create();
    store.close();
    const database = await openDB(name);
    await database.put('documents', { id: document.id, document: { version: 99 } });
    database.close();
    const { store: reopened } = await openStore(name);
    await expect(reopened.load(document.id)).rejects.toThrow(/version 99 is not supported/);
  });
});

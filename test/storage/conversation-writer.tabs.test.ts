// Two tabs write one conversation (two writers over one IndexedDB, fake-indexeddb): a write based on an
// older revision is refused by the store and merged by the writer, so no tab's turn is written over.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { ConversationStore } from '../../src/storage/conversation-store';
import { ConversationWriter } from '../../src/storage/conversation-writer';

let databaseCount = 0;
const opened: ConversationStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function twoTabs() {
  const store = await ConversationStore.open(`writer-tabs-${(databaseCount += 1)}`);
  opened.push(store);
  const created = await store.create(0);
  const tab = async () => {
    const stored = await store.loadWithRevision(created.id);
    if (!stored) throw new Error('The conversation was not stored.');
    const conversation = new Conversation(stored.document, () => 5);
    const writer = new ConversationWriter(store, conversation);
    writer.revision = stored.revision;
    return { conversation, writer };
  };
  return { store, id: created.id, a: await tab(), b: await tab() };
}

const failedTurn = (text: string, at: number) =>
  ({
    type: 'send-failed',
    text,
    error: { name: 'Error', message: 'No model.' },
    at,
  }) as const;

describe('two tabs writing one conversation', () => {
  it('a save based on an older revision is refused and leaves the newer document stored', async () => {
    const { store, id } = await twoTabs();
    const first = await store.loadWithRevision(id);
    if (!first) throw new Error('missing');
    const newer = await store.save({ ...first.document, title: 'Newer' }, first.revision);
    expect(newer).toEqual({ saved: true, revision: first.revision + 1 });
    const stale = await store.save({ ...first.document, title: 'Stale' }, first.revision);
    expect(stale).toEqual({ saved: false, revision: first.revision + 1 });
    expect((await store.load(id))?.title).toBe('Newer');
  });

  it("keeps both tabs' turns when both write from the same revision", async () => {
    const { store, id, a, b } = await twoTabs();
    const merged: number[] = [];
    b.writer.onMerged((otherTurns) => merged.push(otherTurns));
    a.conversation.dispatch(failedTurn('Texas?', 10));
    b.conversation.dispatch(failedTurn('Hawaii?', 20));
    await a.writer.flush();
    await b.writer.flush();
    const stored = await store.load(id);
    expect(stored?.turns.map((turn) => turn.userText)).toEqual(['Texas?', 'Hawaii?']);
    // Tab B shows what it stored: the other tab's turn, then its own.
    expect(b.conversation.document.turns.map((turn) => turn.userText)).toEqual([
      'Texas?',
      'Hawaii?',
    ]);
    expect(merged).toEqual([1]);
    // B's next write is based on the merge, so it is not refused.
    b.conversation.dispatch({ type: 'renamed', title: 'Islands' });
    await b.writer.flush();
    expect((await store.load(id))?.title).toBe('Islands');
  });

  it("takes the other tab's newer document, with this tab's unstored rename on top", async () => {
    const { store, id, a, b } = await twoTabs();
    a.conversation.dispatch(failedTurn('Texas?', 10));
    await a.writer.flush();
    b.conversation.dispatch({ type: 'renamed', title: 'Mine' });
    const newer = await store.loadWithRevision(id);
    if (!newer) throw new Error('missing');
    expect(b.writer.adopt(newer)).toBe(true);
    expect(b.conversation.document.turns.map((turn) => turn.userText)).toEqual(['Texas?']);
    expect(b.conversation.document.title).toBe('Mine');
    await b.writer.flush();
    const stored = await store.load(id);
    expect(stored?.turns.map((turn) => turn.userText)).toEqual(['Texas?']);
    expect(stored?.title).toBe('Mine');
  });

  it('renames from the list on the newest revision', async () => {
    const { store, id, a } = await twoTabs();
    a.conversation.dispatch(failedTurn('Texas?', 10));
    await a.writer.flush();
    await store.rename(id, 'Renamed elsewhere');
    a.conversation.dispatch(failedTurn('Ohio?', 30));
    await a.writer.flush();
    const stored = await store.load(id);
    expect(stored?.title).toBe('Renamed elsewhere');
    expect(stored?.turns.map((turn) => turn.userText)).toEqual(['Texas?', 'Ohio?']);
  });
});

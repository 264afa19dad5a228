// One conversation in two tabs, each with its writer, lock and channel over one IndexedDB
// (fake-indexeddb; Node's BroadcastChannel): a tab follows the other's writes, a turn starts only with
// the lock and on the newest document, and a tab refused the lock says so and keeps the question.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { BUSY_ELSEWHERE, ConversationTabs } from '../../src/conversations/conversation-tabs';
import { ConversationChannel } from '../../src/storage/conversation-channel';
import { ConversationLock, type LockManagerLike } from '../../src/storage/conversation-lock';
import { ConversationStore } from '../../src/storage/conversation-store';
import { ConversationWriter } from '../../src/storage/conversation-writer';

let databaseCount = 0;
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const stop of cleanup.splice(0)) stop();
});

/** A lock manager shared by the tabs of one test, as the browser's is shared by an origin's tabs. */
function sharedLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
}

async function openTabs() {
  const store = await ConversationStore.open(`tabs-${(databaseCount += 1)}`);
  const channelName = `tabs-test-${databaseCount}`;
  const locks = sharedLocks();
  const created = await store.create(0);
  const tab = async () => {
    const stored = await store.loadWithRevision(created.id);
    if (!stored) throw new Error('The conversation was not stored.');
    const conversation = new Conversation(stored.document, () => 5);
    const writer = new ConversationWriter(store, conversation);
    writer.revision = stored.revision;
    const channel = new ConversationChannel(channelName);
    const session = { busy: false, restoring: false };
    const told: string[] = [];
    const kept: string[] = [];
    const renewSession = vi.fn();
    const tabs = new ConversationTabs({
      conversation,
      writer,
      store,
      lock: new ConversationLock(locks),
      channel,
      session: () => session,
      renewSession,
      notify: (message) => told.push(message),
      keepText: (text) => kept.push(text),
      setSaving: () => undefined,
    });
    cleanup.push(() => {
      tabs.destroy();
      channel.close();
    });
    return { conversation, writer, tabs, session, told, kept, renewSession };
  };
  cleanup.push(() => store.close());
  return { store, a: await tab(), b: await tab() };
}

const failedTurn = (text: string, at: number) =>
  ({ type: 'send-failed', text, error: { name: 'Error', message: 'x' }, at }) as const;

const questions = (conversation: Conversation) =>
  conversation.document.turns.map((turn) => turn.userText);

describe('a conversation open in two tabs', () => {
  it("follows the other tab's writes live", async () => {
    const { a, b } = await openTabs();
    await a.tabs.start(() => a.conversation.dispatch(failedTurn('Texas?', 10)));
    await vi.waitFor(() => expect(questions(b.conversation)).toEqual(['Texas?']));
  });

  it('starts a turn on the newest document, with the agent built again from it', async () => {
    const { store, a, b } = await openTabs();
    a.conversation.dispatch(failedTurn('Texas?', 10));
    await a.writer.flush();
    await b.tabs.start(() => b.conversation.dispatch(failedTurn('Hawaii?', 20)));
    expect(b.renewSession).toHaveBeenCalled();
    const stored = await store.load(b.conversation.document.id);
    expect(stored?.turns.map((turn) => turn.userText)).toEqual(['Texas?', 'Hawaii?']);
  });

  it('starts a turn without reading the stored document back when no newer one is stored', async () => {
    const { store, a, b } = await openTabs();
    // Only this tab: the other would read each write it hears of.
    b.tabs.destroy();
    const read = vi.spyOn(store, 'loadWithRevision');
    await a.tabs.start(() => a.conversation.dispatch(failedTurn('Texas?', 10)));
    await a.tabs.start(() => a.conversation.dispatch(failedTurn('Ohio?', 20)));
    expect(read).not.toHaveBeenCalled();
    // Another tab stored a newer document meanwhile: it is read before the next turn.
    const stored = await store.loadWithRevision(a.conversation.document.id);
    if (!stored) throw new Error('The conversation was not stored.');
    await store.save({ ...stored.document, title: 'Renamed elsewhere' }, stored.revision);
    read.mockClear();
    await a.tabs.start(() => a.conversation.dispatch(failedTurn('Hawaii?', 30)));
    expect(read).toHaveBeenCalledOnce();
    expect(a.conversation.document.title).toBe('Renamed elsewhere');
    expect(questions(a.conversation)).toEqual(['Texas?', 'Ohio?', 'Hawaii?']);
  });

  it('refuses a turn while the other tab runs one, says so and keeps the question', async () => {
    const { a, b } = await openTabs();
    let finish: () => void = () => undefined;
    a.session.busy = true;
    const running = a.tabs.start(() => undefined);
    const ended = new Promise<void>((resolve) => (finish = resolve));
    void ended.then(() => {
      a.session.busy = false;
      a.conversation.dispatch(failedTurn('done', 1));
    });
    const sent = vi.fn();
    expect(await b.tabs.start(sent, 'And Ohio?')).toBe(false);
    expect(sent).not.toHaveBeenCalled();
    expect(b.told).toEqual([BUSY_ELSEWHERE]);
    expect(b.kept).toEqual(['And Ohio?']);
    finish();
    await running;
    expect(await b.tabs.start(sent, 'And Ohio?')).toBe(true);
    expect(sent).toHaveBeenCalledOnce();
  });
});

describe('a turn that ends at an approval card while it is being stored', () => {
  it('lets the decision made meanwhile start once the write lands, instead of refusing it', async () => {
    const { a } = await openTabs();
    let land: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (land = resolve));
    const flush = a.writer.flush.bind(a.writer);
    // Every write waits (the "Saving…" line flushes too), as IndexedDB does on a busy machine.
    vi.spyOn(a.writer, 'flush').mockImplementation(async () => {
      await landed;
      await flush();
    });
    const asked = a.tabs.start(() => a.conversation.dispatch(failedTurn('Texas?', 10)));
    await vi.waitFor(() => expect(a.writer.flush).toHaveBeenCalled());
    const decided = vi.fn();
    const deciding = a.tabs.start(decided);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(decided).not.toHaveBeenCalled();
    land();
    expect(await asked).toBe(true);
    expect(await deciding).toBe(true);
    expect(decided).toHaveBeenCalledOnce();
    expect(a.told).toEqual([]);
  });
});

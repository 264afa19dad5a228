// @vitest-environment jsdom
// Opening a conversation writes it back only when opening changed it (recovered, stashed or migrated):
// switching to a conversation as it was stored costs no write.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { reduceConversation } from '../../src/agent/conversation/conversation-reducer';
import { openConversation } from '../../src/app/open-conversation';
import { ConversationStore } from '../../src/storage/conversation-store';
import { ResultStore } from '../../src/tools/result-store';

let count = 0;

describe('opening a stored conversation', () => {
  it('does not write one that opened as it was stored, and writes one a reload cut off mid-turn', async () => {
    const store = await ConversationStore.open(`open-test-${(count += 1)}`);
    const finished = await store.create();
    const cut = reduceConversation(await store.create(), {
      type: 'agent-event',
      event: { type: 'turn-start', runId: 'r1', userMessage: 'Hello?' },
      at: 1,
    });
    await store.save(cut);
    const save = vi.spyOn(store, 'save');
    const resultStore = new ResultStore();
    const clean = await openConversation({ store, id: finished.id, resultStore });
    await clean.writer?.flush();
    expect(save).not.toHaveBeenCalled();
    const recovered = await openConversation({ store, id: cut.id, resultStore });
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(recovered.conversation.document.run).toBeUndefined();
    expect((await store.load(cut.id))?.run).toBeUndefined();
    store.close();
  });
});

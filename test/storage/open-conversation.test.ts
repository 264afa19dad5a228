// @vitest-environment jsdom
// Opening a conversation writes it back only when opening changed it (recovered, stashed or migrated):
// switching to a conversation as it was stored costs no write.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { reduceConversation } from '../../src/agent/conversation/conversation-reducer';
import { parseConversationDocument } from '../../src/agent/conversation/migrate-conversation';
import { firstConversation } from '../../src/conversations/first-conversation';
import { rememberConversationOnScreen } from '../../src/storage/conversation-on-screen';
import { ConversationStore } from '../../src/storage/conversation-store';
import { ConversationWriter } from '../../src/storage/conversation-writer';
import { openConversation } from '../../src/storage/open-conversation';
import { ResultStore } from '../../src/tools/result-store';
import waitingFixture from '../fixtures/conversations/v2-awaiting-approval-edited.json';

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

  it('a reload just after a card showed opens that card with its edits, though a write of an older step landed as the page went away', async () => {
    const store = await ConversationStore.open(`open-test-${(count += 1)}`);
    // While a card waits no run is active: the turn goes on once the person decides.
    const { run, ...waiting } = parseConversationDocument(waitingFixture);
    // The step before the card: the same turn, still running, its round without the proposed call.
    const { pendingApproval: _card, ...withoutCard } = waiting;
    const olderStep = {
      ...withoutCard,
      ...(run ? { run } : {}),
      turns: waiting.turns.map((turn) => ({
        ...turn,
        rounds: turn.rounds.map((round) => ({ ...round, calls: [] })),
      })),
    };
    await store.save(olderStep);
    const conversation = new Conversation(waiting);
    const writer = new ConversationWriter(store, conversation);
    writer.revision = (await store.loadWithRevision(waiting.id))?.revision ?? 0;
    // pagehide: the page stashes what was on screen; the write in flight (the older step) lands after.
    writer.stashForUnload();
    const loaded = await store.loadWithRevision(waiting.id);
    await store.save(olderStep, loaded?.revision);
    await writer.destroy();
    const reopened = await openConversation({
      store,
      id: waiting.id,
      resultStore: new ResultStore(),
    });
    // The card as it was, the SQL the person had typed into it included.
    expect(reopened.conversation.document.pendingApproval?.edits).toEqual({
      call_0_0: { sql_query: 'SELECT DISTINCT state FROM airports ORDER BY 1' },
    });
    store.close();
  });

  it('a reload before the first write finished opens the conversation the page stashed, not a blank one', async () => {
    const store = await ConversationStore.open(`open-test-${(count += 1)}`);
    const waiting = parseConversationDocument(waitingFixture);
    const conversation = new Conversation(waiting);
    const writer = new ConversationWriter(store, conversation);
    rememberConversationOnScreen(waiting.id);
    writer.stashForUnload();
    await writer.destroy();
    expect(await store.get(waiting.id)).toBeUndefined();
    expect(await firstConversation(store, { session: sessionStorage, local: localStorage })).toBe(
      waiting.id,
    );
    const reopened = await openConversation({
      store,
      id: waiting.id,
      resultStore: new ResultStore(),
    });
    expect(reopened.conversation.document.turns[0]?.userText).toBe(waiting.turns[0]?.userText);
    store.close();
  });
});

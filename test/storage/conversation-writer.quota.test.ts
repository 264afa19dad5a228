// A write that fails because the browser's storage is full is not dropped: the document stays in the
// tab (opened from there meanwhile) and is written on the next change, or when space frees; a blank
// conversation (no question, no name) is never written, so opening one stores nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { ConversationStore } from '../../src/storage/conversation-store';
import {
  ConversationWriter,
  heldDocument,
  heldDocumentCount,
  retryHeldDocuments,
} from '../../src/storage/conversation-writer';

let count = 0;

/** A store whose writes fail for lack of space while `full` is set. */
async function fillableStore(): Promise<{
  store: ConversationStore;
  setFull(full: boolean): void;
}> {
  const store = await ConversationStore.open(`writer-quota-${(count += 1)}`);
  let full = false;
  const save = store.save.bind(store);
  store.save = async (document) => {
    if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return save(document);
  };
  return { store, setFull: (value) => (full = value) };
}

const ask = (conversation: Conversation, text: string): void =>
  conversation.dispatch({
    type: 'agent-event',
    event: { type: 'turn-start', runId: `run-${text}`, userMessage: text },
    at: 1,
  });

describe('writes that fail for lack of space', () => {
  it('are kept in the tab, told once each, and written on the next change', async () => {
    const { store, setFull } = await fillableStore();
    const conversation = new Conversation(createConversationDocument('c1', 1));
    const errors: unknown[] = [];
    const writer = new ConversationWriter(store, conversation, (error) => errors.push(error));
    setFull(true);
    ask(conversation, 'First?');
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(heldDocument('c1')?.turns[0]?.userText).toBe('First?');
    expect(await store.load('c1')).toBeUndefined();
    setFull(false);
    ask(conversation, 'Second?');
    await writer.flush();
    expect(heldDocument('c1')).toBeUndefined();
    expect((await store.load('c1'))?.turns.map((turn) => turn.userText)).toEqual([
      'First?',
      'Second?',
    ]);
    await writer.destroy();
    store.close();
  });

  it('outlive their conversation being closed, and are written when space frees', async () => {
    const { store, setFull } = await fillableStore();
    const conversation = new Conversation(createConversationDocument('c2', 1));
    const writer = new ConversationWriter(store, conversation);
    setFull(true);
    ask(conversation, 'Kept?');
    await writer.destroy();
    expect(heldDocumentCount()).toBe(1);
    await retryHeldDocuments(store);
    expect(heldDocumentCount()).toBe(1);
    setFull(false);
    await retryHeldDocuments(store);
    expect(heldDocumentCount()).toBe(0);
    expect((await store.load('c2'))?.turns[0]?.userText).toBe('Kept?');
    store.close();
  });

  it('a blank conversation is not written, even when its map changes', async () => {
    const { store } = await fillableStore();
    const conversation = new Conversation(createConversationDocument('c3', 1));
    const writer = new ConversationWriter(store, conversation);
    conversation.dispatch({ type: 'map-changed', map: { version: 1 } });
    await writer.saveNow();
    expect(await store.list()).toEqual([]);
    ask(conversation, 'Now?');
    await writer.flush();
    expect((await store.list()).map((summary) => summary.id)).toEqual(['c3']);
    await writer.destroy();
    store.close();
  });
});

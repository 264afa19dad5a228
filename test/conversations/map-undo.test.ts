// The layer panel's Undo and Redo hear of the conversation only when what they can do changes: a
// streamed answer changes the conversation at every word, and re-rendering the panel each time cost
// the first words of an answer a few milliseconds (docs/performance.md).
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { MapUndo } from '../../src/conversations/map-undo';
import { conversationMapStateVersion } from '../../src/tools/map/conversation-map-state';
import type { ConversationMap } from '../../src/tools/map/conversation-map';

const map: ConversationMap = {
  capture: () => ({ version: conversationMapStateVersion, resultLayers: [], layers: [] }),
  restore: () => Promise.resolve({ problems: [] }),
  onChange: () => () => undefined,
};

describe('map undo', () => {
  it('tells its listeners only when Undo or Redo becomes possible or impossible, not at every word', () => {
    const conversation = new Conversation(createConversationDocument('c', 0));
    const undo = new MapUndo();
    undo.attach(conversation, map);
    const heard = vi.fn();
    undo.onChange(heard);
    conversation.dispatch({
      type: 'agent-event',
      event: { type: 'turn-start', runId: 'r', userMessage: 'Where?' },
      at: 1,
    });
    conversation.dispatch({
      type: 'agent-event',
      event: { type: 'round-start', runId: 'r', round: 0 },
      at: 2,
    });
    for (let word = 0; word < 100; word += 1)
      conversation.dispatch({
        type: 'agent-event',
        event: { type: 'text-delta', runId: 'r', round: 0, text: `word${word} ` },
        at: 3 + word,
      });
    expect(heard).not.toHaveBeenCalled();
    conversation.dispatch({
      type: 'map-changed',
      map: { layers: ['a'] },
      change: 'layers',
      at: 200,
    });
    expect(undo.canUndo()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    conversation.dispatch({
      type: 'map-changed',
      map: { layers: ['a'] },
      change: 'camera',
      at: 300,
    });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

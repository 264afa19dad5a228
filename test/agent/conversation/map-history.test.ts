// The map's Undo history in the conversation document: each layers change is a step, a camera move is
// not, changes close together are one step, and the history survives a reload.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  type ConversationDocument,
  type JsonValue,
} from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { MAP_STEP_MS } from '../../../src/agent/conversation/map-history';
import { validateConversation } from '../../../src/agent/conversation/validate-conversation';

const state = (color: string, zoom = 3): JsonValue => ({
  version: 1,
  camera: { zoom },
  layers: [{ id: 'earthquakes', paint: { 'circle-color': color } }],
});

function changed(
  document: ConversationDocument,
  map: JsonValue,
  at: number,
  change: 'layers' | 'camera' = 'layers',
): ConversationDocument {
  return reduceConversation(document, { type: 'map-changed', map, change, at });
}

describe('the map history', () => {
  it('undoes and redoes layer changes back to the publisher’s map, but not camera moves', () => {
    let document = createConversationDocument('c', 0);
    document = changed(document, state('red'), 1_000);
    document = changed(document, state('red', 5), 2_000, 'camera');
    document = changed(document, state('green', 5), 3_000);
    expect(document.mapHistory?.past).toEqual([null, state('red', 5)]);
    document = reduceConversation(document, { type: 'map-undone' });
    expect(document.map).toEqual(state('red', 5));
    document = reduceConversation(document, { type: 'map-undone' });
    expect(document.map).toBeUndefined();
    // Nothing left to undo: the same document.
    expect(reduceConversation(document, { type: 'map-undone' })).toBe(document);
    document = reduceConversation(document, { type: 'map-redone' });
    expect(document.map).toEqual(state('red', 5));
    // A new change drops what could be redone.
    document = changed(document, state('blue', 5), 9_000);
    expect(document.mapHistory?.future).toEqual([]);
    expect(reduceConversation(document, { type: 'map-redone' })).toBe(document);
  });

  it('takes changes made together (a restyle and a filter in one go) as one step', () => {
    let document = createConversationDocument('c', 0);
    document = changed(document, state('red'), 1_000);
    document = changed(document, state('green'), 1_000 + MAP_STEP_MS / 2);
    expect(document.mapHistory?.past).toEqual([null]);
    document = reduceConversation(document, { type: 'map-undone' });
    expect(document.map).toBeUndefined();
  });

  it('is kept through a reload, and a document without it opens', () => {
    let document = createConversationDocument('c', 0);
    document = changed(document, state('red'), 1_000);
    const reloaded = validateConversation(JSON.parse(JSON.stringify(document)));
    expect(reloaded.readable && reloaded.document.mapHistory).toEqual(document.mapHistory);
    const broken = validateConversation({ ...document, mapHistory: { past: 'x' } });
    expect(broken.readable && broken.document.mapHistory).toBeUndefined();
  });
});

// The map as part of the conversation on screen: each change is saved into its document (a change to
// the layers is a step Undo takes back; a camera move only updates the map), and the layer panel's
// Undo and Redo follow its history.
import type { Conversation } from '../agent/conversation/conversation';
import type { JsonValue } from '../agent/conversation/conversation-document';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { Mounted } from '../ui/mounted';
import type { MapUndo } from './map-undo';

/** Follows `map` into `conversation` (and `mapUndo` onto it) until `destroy()`. */
export function followConversationMap(
  conversation: Conversation,
  map: ConversationMap,
  mapUndo: MapUndo | undefined,
): Mounted {
  const stops = [
    map.onChange((change) =>
      conversation.dispatch({
        type: 'map-changed',
        map: map.capture() as unknown as JsonValue,
        change,
        at: Date.now(),
      }),
    ),
    mapUndo?.attach(conversation, map),
  ];
  return {
    destroy: () => {
      for (const stop of stops.splice(0)) stop?.();
    },
  };
}

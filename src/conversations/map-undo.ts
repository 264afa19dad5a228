// Undo and Redo of the map for the conversation on screen: the layer panel's buttons and Ctrl+Z on the
// map step through the history the conversation document keeps (agent/conversation/map-history.ts),
// and the map is restored to the step's state. The camera stays where the person left it.
import { conversationMapStateVersion } from '../tools/map/conversation-map-state';
import type { Conversation } from '../agent/conversation/conversation';
import type { LayerHistory } from '../map/layers/layer-history-bar';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ConversationMapState } from '../tools/map/conversation-map-state';
import type { Mounted } from '../ui/mounted';

interface Attached {
  conversation: Conversation;
  map: ConversationMap;
  stop: () => void;
}

/** The map history of whichever conversation is attached (the one on screen). */
export class MapUndo implements LayerHistory {
  private attached: Attached | undefined;
  private readonly listeners = new Set<() => void>();
  private stepping = false;
  /** What Undo and Redo could do when the listeners last heard: most changes (each streamed word) leave it. */
  private told = '';

  /** Follows `conversation`'s map history on `map`; returns the function that lets it go. */
  attach(conversation: Conversation, map: ConversationMap): () => void {
    this.attached?.stop();
    const attached: Attached = {
      conversation,
      map,
      stop: conversation.subscribe(() => this.changed()),
    };
    this.attached = attached;
    this.changed();
    return () => {
      if (this.attached !== attached) return;
      attached.stop();
      this.attached = undefined;
      this.changed();
    };
  }

  /** True when there is a change to take back. */
  canUndo(): boolean {
    return (
      !this.stepping && (this.attached?.conversation.document.mapHistory?.past.length ?? 0) > 0
    );
  }

  /** True when there is an undone change to put back. */
  canRedo(): boolean {
    return (
      !this.stepping && (this.attached?.conversation.document.mapHistory?.future.length ?? 0) > 0
    );
  }

  /** Takes back the last change to the map. */
  undo(): Promise<void> {
    return this.step('map-undone');
  }

  /** Puts back the last change undone. */
  redo(): Promise<void> {
    return this.step('map-redone');
  }

  /** Calls `listener` when what Undo and Redo can do changes; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ctrl+Z (Cmd+Z) undoes and Ctrl+Shift+Z or Ctrl+Y redoes while the focus is in `element`. */
  bindKeys(element: HTMLElement): Mounted {
    const onKey = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || key === 'y';
      if (key !== 'z' && !redo) return;
      event.preventDefault();
      void (redo ? this.redo() : this.undo());
    };
    element.addEventListener('keydown', onKey);
    return { destroy: () => element.removeEventListener('keydown', onKey) };
  }

  private async step(type: 'map-undone' | 'map-redone'): Promise<void> {
    const attached = this.attached;
    if (!attached || this.stepping) return;
    const { conversation, map } = attached;
    const before = conversation.document;
    conversation.dispatch({ type });
    const after = conversation.document;
    if (after === before) return;
    this.stepping = true;
    this.changed();
    try {
      // Without a camera the restore leaves the view where it is; no map is the publisher's.
      const target = after.map as unknown as ConversationMapState | undefined;
      const { camera: _camera, ...layers } = target ?? {
        version: conversationMapStateVersion,
        resultLayers: [],
        layers: [],
      };
      await map.restore(layers);
      // The document keeps the map as it now is, camera included (not a step of its own).
      if (this.attached === attached)
        conversation.dispatch({
          type: 'map-changed',
          map: toJson(map.capture()),
          change: 'camera',
        });
    } finally {
      this.stepping = false;
      this.changed();
    }
  }

  // Every change of the conversation lands here: the panel re-renders only when the buttons would differ.
  private changed(): void {
    const now = `${this.canUndo()}|${this.canRedo()}`;
    if (now === this.told) return;
    this.told = now;
    for (const listener of this.listeners) listener();
  }
}

function toJson(state: ConversationMapState): Conversation['document']['map'] {
  return JSON.parse(JSON.stringify(state)) as Conversation['document']['map'];
}

/** True when a key goes to something the person types in (the chat, a slider, a SQL editor). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

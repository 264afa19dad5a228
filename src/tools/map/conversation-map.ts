// The map as a conversation sees it: capture its state, restore one (redrawing result layers from the
// page's ResultStore), and hear when it changes. The conversation document saves and restores through
// this; the app exposes it as window.mapwright.conversationMap.
import { resultLayerId, type ConversationMapState } from './conversation-map-state';
import { drawResultLayer } from './draw-result-layer';
import { featuresReadyOrLate } from './features-ready-or-late';
import type { ResultStore } from '../result-store';
import type { MapPort, MapRestoreReport, MapStateChange, RedrawResultLayer } from './map-port';

/** Capture, restore and change notification of the map, bound to the results it draws from. */
export interface ConversationMap {
  /** What the conversation changed on the map, as plain JSON. */
  capture(): ConversationMapState;
  /**
   * `undefined`: the publisher's map (and its initial view). A state: that map, its result layers
   * drawn from the ResultStore (refill it first); what could not be restored is reported.
   */
  restore(state: ConversationMapState | undefined): Promise<MapRestoreReport>;
  /** Calls `listener` after a tool, the layer panel or the person changed the state; returns its stop. */
  onChange(listener: (change: MapStateChange) => void): () => void;
}

/** Draws a result layer again from the rows `resultStore` holds for it. */
function redrawFrom(map: MapPort, resultStore: ResultStore): RedrawResultLayer {
  return async (drawing) => {
    const result = resultStore.get(drawing.resultId);
    if (!result) {
      return {
        drawn: false,
        reason: 'result-missing',
        message: `The rows of query result ${drawing.resultId} are not held any more, so layer ${resultLayerId(drawing.resultId)} was not drawn again.`,
      };
    }
    // A join takes its shapes from another layer, which may still be loading after a reload.
    if (drawing.geometry.kind === 'join') await featuresReadyOrLate(map);
    const outcome = await drawResultLayer(map, result, drawing);
    return outcome.drawn
      ? { drawn: true }
      : { drawn: false, reason: 'not-drawable', message: outcome.message };
  };
}

/** The conversation's view of `map`, drawing result layers from `resultStore`. */
export function createConversationMap(map: MapPort, resultStore: ResultStore): ConversationMap {
  const redraw = redrawFrom(map, resultStore);
  return {
    capture: () => map.captureState(),
    restore: (state) => map.restoreState(state, redraw),
    onChange: (listener) => map.onStateChange(listener),
  };
}

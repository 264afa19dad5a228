// The conversation's map history: every change to its layers (style, filter, visibility, order, opacity,
// layers drawn or removed, by the model or the person) is a step that Undo takes back and Redo puts
// again. Kept in the document, so a reload keeps it. A camera move is not a step: it only updates the
// map the steps lead to.
import { withoutKey } from './turn-records';
import type { ConversationDocument, JsonValue } from './conversation-document';

/** Snapshots of the map before (past) and after (future) the current one; null is the publisher's map. */
export interface MapHistory {
  past: (JsonValue | null)[];
  future: (JsonValue | null)[];
  /** When the last step was taken: changes closer than MAP_STEP_MS to it join that step. */
  changedAt?: number;
}

/** Steps kept; older ones are let go. */
export const MAP_HISTORY_LIMIT = 50;

/**
 * Changes this close together are one step: a tool that restyles and filters in one go, or a slider
 * dragged, is undone at once.
 */
export const MAP_STEP_MS = 600;

/** What changed on the map: a layer (a step of the history) or only the camera. */
export type MapChangeKind = 'layers' | 'camera';

/** The document with the map changed to `map`; a layers change is a step Undo takes back. */
export function withMapChange(
  document: ConversationDocument,
  map: JsonValue | undefined,
  change: MapChangeKind | undefined,
  at: number | undefined,
): ConversationDocument {
  const changed = map === undefined ? withoutKey(document, 'map') : { ...document, map };
  if (change !== 'layers' || sameLayers(document.map, map)) return changed;
  const history = document.mapHistory ?? { past: [], future: [] };
  const joins =
    at !== undefined &&
    history.changedAt !== undefined &&
    at - history.changedAt < MAP_STEP_MS &&
    history.past.length > 0;
  const past = joins ? history.past : [...history.past, document.map ?? null];
  return {
    ...changed,
    mapHistory: {
      past: past.slice(-MAP_HISTORY_LIMIT),
      future: [],
      ...(at !== undefined ? { changedAt: at } : {}),
    },
  };
}

/** The document one step back (the map it shows is the one to restore); itself when there is none. */
export function undoMap(document: ConversationDocument): ConversationDocument {
  const history = document.mapHistory;
  if (!history || history.past.length === 0) return document;
  const previous = history.past.at(-1) ?? null;
  return moved(document, previous, {
    past: history.past.slice(0, -1),
    future: [document.map ?? null, ...history.future],
  });
}

/** The document one step forward again; itself when there is none. */
export function redoMap(document: ConversationDocument): ConversationDocument {
  const history = document.mapHistory;
  if (!history || history.future.length === 0) return document;
  const next = history.future[0] ?? null;
  return moved(document, next, {
    past: [...history.past, document.map ?? null],
    future: history.future.slice(1),
  });
}

function moved(
  document: ConversationDocument,
  map: JsonValue | null,
  history: MapHistory,
): ConversationDocument {
  const base = map === null ? withoutKey(document, 'map') : { ...document, map };
  return { ...base, mapHistory: history };
}

/** True when two map states differ at most in their camera. */
function sameLayers(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  return JSON.stringify(withoutCamera(left)) === JSON.stringify(withoutCamera(right));
}

function withoutCamera(state: JsonValue | undefined): JsonValue | undefined {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return state;
  const { camera: _camera, ...rest } = state;
  return rest;
}

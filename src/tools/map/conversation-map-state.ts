// What a conversation changed on the map, as plain JSON a conversation document can store. It holds
// how to draw each result layer again (never its rows, which come back from the ResultStore) and what
// was set on each layer; everything else is the publisher's map, rebuilt from the config.

/** The version of the shape below; a stored state of another version is not restored. */
export const conversationMapStateVersion = 1;

/** How result rows become geometry (map_query_result's `geometry`). */
export type ResultGeometry =
  | { kind: 'points'; lon: string; lat: string }
  | { kind: 'h3'; column: string }
  | { kind: 'shapes'; column: string }
  | { kind: 'join'; layer: string; column: string; layer_key?: string };

/** How a result layer is coloured (map_query_result's `style`). */
export interface ResultLayerStyle {
  color?: string;
  color_by?: string;
  radius?: number;
  opacity?: number;
}

/** How a result layer was drawn: with the result's rows, enough to draw it again the same way. */
export interface ResultLayerDrawing {
  resultId: string;
  geometry: ResultGeometry;
  style: ResultLayerStyle;
  title?: string;
}

/** What is set on one layer (a publisher's layer, an upload or a result layer). */
export interface LayerSettings {
  id: string;
  visible: boolean;
  /** The MapLibre filter expression, when the layer is filtered. */
  filter?: unknown;
  /** Paint properties that differ from how the layer was drawn (set_style). */
  paint?: Record<string, unknown>;
}

/** Where the camera is. */
export interface CameraState {
  /** [longitude, latitude]. */
  center: [number, number];
  zoom: number;
  bearing: number;
  pitch: number;
}

/** A conversation's map: plain JSON, restored by `MapPort.restoreState`. */
export interface ConversationMapState {
  version: typeof conversationMapStateVersion;
  /** Restored when present; a state without one leaves the camera where it is. */
  camera?: CameraState;
  /** Result layers in the order they were drawn (which is the order they stack in). */
  resultLayers: ResultLayerDrawing[];
  /** Every layer on the map when the state was captured, in listing order. */
  layers: LayerSettings[];
  /**
   * The layers as they stack, topmost first (the layer panel's order, which the person may change);
   * absent in states saved before it was kept, which stack result layers in the order they were drawn.
   */
  stack?: string[];
}

/** A layer as a map holds it, for capturing: its settings now and as it was drawn. */
export interface LayerRecord {
  id: string;
  visible: boolean;
  filter?: unknown;
  paint: Record<string, unknown>;
  /** The paint it was drawn with, before any set_style. */
  initialPaint: Record<string, unknown>;
  /** Set on layers drawn from a query result. */
  drawing?: ResultLayerDrawing;
}

/** The id of the layer a result is drawn as. */
export function resultLayerId(resultId: string): string {
  return `result-${resultId}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Whether a layer id is a drawn query result's (see resultLayerId). */
export function isResultLayerId(layerId: string): boolean {
  return layerId.startsWith('result-');
}

function sameValue(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The state of a map whose layers are `records` (in listing order), stacked as `stack` (topmost first),
 * and whose camera is `camera`.
 */
export function captureConversationMapState(
  records: LayerRecord[],
  camera: CameraState,
  stack: string[],
): ConversationMapState {
  // Copies through JSON, so the state shares nothing with the map and holds only what JSON keeps.
  const copy = <Value>(value: Value): Value => JSON.parse(JSON.stringify(value)) as Value;
  const layers = records.map((record): LayerSettings => {
    const paint = Object.fromEntries(
      Object.entries(record.paint).filter(
        ([property, value]) => !sameValue(value, record.initialPaint[property]),
      ),
    );
    return {
      id: record.id,
      visible: record.visible,
      ...(record.filter !== undefined ? { filter: copy(record.filter) } : {}),
      ...(Object.keys(paint).length > 0 ? { paint: copy(paint) } : {}),
    };
  });
  return {
    version: conversationMapStateVersion,
    camera: copy(camera),
    resultLayers: records.flatMap((record) => (record.drawing ? [copy(record.drawing)] : [])),
    layers,
    stack: [...stack],
  };
}

/**
 * The stack `current` (topmost first) with the layers `saved` names put back in the order it gives
 * them, in the places they hold now; a layer `saved` does not name (added since) keeps its place.
 */
export function arrangedStack(current: string[], saved: readonly unknown[]): string[] {
  const present = new Set(current);
  const wanted = saved.filter(
    (id, index): id is string =>
      typeof id === 'string' && present.has(id) && saved.indexOf(id) === index,
  );
  const named = new Set(wanted);
  let next = 0;
  return current.map((id) => (named.has(id) ? (wanted[next++] ?? id) : id));
}

// What an embedded app tells its host page, as DOM events on the app's element (and, for an app in a
// frame, as messages to the parent page): an answer finished, a query's result is ready, a layer was
// drawn. Plain data only: no rows (they stay in the app), nothing the model was not shown, and a query's
// SQL masked as the app shows it (a secret literal in it stays in the app).
import { redactSql } from '../agent/redact/redact';
import type { AgentEvent } from '../agent/types';
import type { LayerInfo } from '../tools/map/map-port';

/** Each event's name and what its `detail` carries. */
export interface MapwrightEventDetails {
  /** The agent finished its answer to a question. */
  'mapwright-answer': { text: string; finishReason: string };
  /** A query's result is ready (a table in the chat). */
  'mapwright-result': {
    tool: string;
    resultId?: string;
    columns: string[];
    rowCount: number;
    sql?: string;
  };
  /** A layer was drawn on the map (a result, an upload). */
  'mapwright-layer': { layerId: string; title: string; featureCount: number };
}

/** One event for the host page. */
export type MapwrightHostEvent = {
  [Type in keyof MapwrightEventDetails]: { type: Type; detail: MapwrightEventDetails[Type] };
}[keyof MapwrightEventDetails];

/** The host event an agent event makes, if any. */
export function hostEventOf(event: AgentEvent): MapwrightHostEvent | undefined {
  if (event.type === 'turn-end') {
    return {
      type: 'mapwright-answer',
      detail: { text: event.text, finishReason: event.finishReason },
    };
  }
  if (
    event.type === 'tool-call-end' &&
    event.result.data?.kind === 'table' &&
    !event.result.isError
  ) {
    const table = event.result.data;
    return {
      type: 'mapwright-result',
      detail: {
        tool: event.call.name,
        ...(table.resultId === undefined ? {} : { resultId: table.resultId }),
        columns: table.columns.map((column) => column.name),
        rowCount: table.totalRows,
        ...(table.sql === undefined ? {} : { sql: redactSql(table.sql) }),
      },
    };
  }
  return undefined;
}

/** The part of the map the layer events read. */
export interface LayerSource {
  listLayers(): LayerInfo[];
  onChange(listener: () => void): () => void;
}

/**
 * Calls `emit` for every layer that appears on `map` from now on (the publisher's layers, already
 * there, are not news); returns the function that stops watching.
 */
export function watchNewLayers(
  map: LayerSource,
  emit: (event: MapwrightHostEvent) => void,
): () => void {
  let known = new Set(map.listLayers().map((layer) => layer.id));
  return map.onChange(() => {
    const layers = map.listLayers();
    // A layer removed and drawn again (a result redrawn) is news again.
    for (const layer of layers.filter((candidate) => !known.has(candidate.id))) {
      emit({
        type: 'mapwright-layer',
        detail: { layerId: layer.id, title: layer.title, featureCount: layer.featureCount },
      });
    }
    known = new Set(layers.map((layer) => layer.id));
  });
}

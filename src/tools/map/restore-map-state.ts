// Brings a map back to the publisher's map and then to a conversation's state. Written once over a
// few primitives, so MapController and FakeMap restore the same way.
import { errorMessage } from '../../errors/error-message';
import {
  arrangedStack,
  conversationMapStateVersion,
  resultLayerId,
  type CameraState,
  type ConversationMapState,
  type LayerRecord,
  type LayerSettings,
} from './conversation-map-state';
import type { MapPort, MapRestoreReport, RedrawResultLayer, RestoreProblem } from './map-port';

/** What restoring needs from a map, beyond what tools may do to it. */
export interface RestoreTarget extends Pick<
  MapPort,
  'getLayer' | 'setVisibility' | 'validateFilter' | 'setFilter' | 'validatePaint' | 'setPaint'
> {
  /** Every layer, in listing order. */
  layerRecords(): LayerRecord[];
  /** Takes a layer off the map. */
  removeLayer(layerId: string): void;
  /** Clears the layer's filter and gives it back the paint and visibility it was drawn with. */
  resetLayer(layerId: string): void;
  /** Moves the camera at once; `undefined` is the publisher's initial view. */
  jumpCamera(camera: CameraState | undefined): void;
  /** The layers as they stack, topmost first. */
  stackOrder(): string[];
  /** The publisher's layers as they stacked before anyone moved one, topmost first. */
  publisherStack(): string[];
  /** Stacks the layers as `topmostFirst` says (every layer of `stackOrder`, reordered). */
  arrangeLayers(topmostFirst: string[]): void;
}

function errorText(error: unknown): string {
  return errorMessage(error);
}

async function applySettings(
  target: RestoreTarget,
  settings: LayerSettings,
): Promise<RestoreProblem[]> {
  const layer = target.getLayer(settings.id);
  if (!layer) {
    return [
      {
        kind: 'layer-missing',
        layerId: settings.id,
        message: `There is no layer ${settings.id} on the map any more, so its settings were not restored.`,
      },
    ];
  }
  const problems: RestoreProblem[] = [];
  const refused = (what: string, errors: string[]): RestoreProblem => ({
    kind: 'not-drawable',
    layerId: settings.id,
    message: `The ${what} of ${settings.id} was not restored: ${errors.join('; ')}.`,
  });
  // Stored states come from storage: check them as a tool's arguments are checked.
  if (settings.filter !== undefined && settings.filter !== null) {
    const errors = await target.validateFilter(settings.filter);
    if (errors.length > 0) problems.push(refused('filter', errors));
    else await target.setFilter(settings.id, settings.filter);
  }
  if (settings.paint && Object.keys(settings.paint).length > 0) {
    const errors = await target.validatePaint(layer.kind, settings.paint);
    if (errors.length > 0) problems.push(refused('paint', errors));
    else await target.setPaint(settings.id, settings.paint);
  }
  if (typeof settings.visible === 'boolean') target.setVisibility(settings.id, settings.visible);
  return problems;
}

async function applyState(
  target: RestoreTarget,
  state: ConversationMapState,
  redraw: RedrawResultLayer,
): Promise<RestoreProblem[]> {
  const problems: RestoreProblem[] = [];
  for (const drawing of state.resultLayers) {
    const layerId = resultLayerId(drawing.resultId);
    try {
      const outcome = await redraw(drawing);
      if (!outcome.drawn)
        problems.push({
          kind: outcome.reason,
          layerId,
          resultId: drawing.resultId,
          message: outcome.message,
        });
    } catch (error) {
      problems.push({
        kind: 'not-drawable',
        layerId,
        resultId: drawing.resultId,
        message: errorText(error),
      });
    }
  }
  // A result layer that could not be drawn is reported once, not again for its settings.
  const reported = new Set(problems.map((problem) => problem.layerId));
  for (const settings of state.layers) {
    if (reported.has(settings.id)) continue;
    try {
      problems.push(...(await applySettings(target, settings)));
    } catch (error) {
      problems.push({ kind: 'not-drawable', layerId: settings.id, message: errorText(error) });
    }
  }
  // Redrawn result layers stack in the order they were drawn: put back the order the person chose.
  if (Array.isArray(state.stack)) arrange(target, state.stack);
  if (state.camera) target.jumpCamera(state.camera);
  return problems;
}

/** Stacks the layers `order` names as it says (see arrangedStack); moves nothing when they already are. */
function arrange(target: RestoreTarget, order: readonly unknown[]): void {
  const current = target.stackOrder();
  const arranged = arrangedStack(current, order);
  if (arranged.some((id, index) => id !== current[index])) target.arrangeLayers(arranged);
}

function isReadable(state: ConversationMapState): boolean {
  return (
    state.version === conversationMapStateVersion &&
    Array.isArray(state.resultLayers) &&
    Array.isArray(state.layers)
  );
}

/** Resets `target` to the publisher's map, then applies `state` (if any); never throws. */
export async function restoreMapState(
  target: RestoreTarget,
  state: ConversationMapState | undefined,
  redraw: RedrawResultLayer,
): Promise<MapRestoreReport> {
  try {
    for (const record of target.layerRecords()) {
      if (record.drawing) target.removeLayer(record.id);
      else target.resetLayer(record.id);
    }
    arrange(target, target.publisherStack());
    if (state === undefined) {
      target.jumpCamera(undefined);
      return { problems: [] };
    }
    if (!isReadable(state)) {
      target.jumpCamera(undefined);
      return {
        problems: [
          {
            kind: 'unsupported-version',
            message: `The saved map (version ${JSON.stringify(state.version)}) cannot be read by this version of the app; the publisher's map is shown instead.`,
          },
        ],
      };
    }
    return { problems: await applyState(target, state, redraw) };
  } catch (error) {
    return { problems: [{ kind: 'not-drawable', message: errorText(error) }] };
  }
}

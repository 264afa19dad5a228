// Draws a stored query result as a map layer. map_query_result draws through it, and restoring a
// conversation's map draws its result layers again through it, so both draw the same way.
import { colorPropertyOf, colorScale } from './color-scale';
import { resultLayerId, type ResultLayerDrawing } from './conversation-map-state';
import { resultFeatures } from './result-features';
import type { StoredResult } from '../result-store';
import type { LayerKind, MapPort } from './map-port';

/** A drawn layer and what was left out, or why nothing was drawn (worded for the model). */
export type DrawResultOutcome =
  | { drawn: true; layerId: string; featureCount: number; skippedRows: number }
  | { drawn: false; message: string };

/** Draws `result`'s rows as `drawing` says, replacing an earlier layer of the same result. */
export async function drawResultLayer(
  map: MapPort,
  result: StoredResult,
  drawing: ResultLayerDrawing,
): Promise<DrawResultOutcome> {
  const { geometry, style } = drawing;
  const columns = result.columns.map((column) => column.name);
  const built = await resultFeatures(result.rows, columns, geometry, map);
  if ('error' in built) return { drawn: false, message: `${built.error} Nothing was drawn.` };
  const featureCount = built.features.features.length;
  if (featureCount === 0)
    return {
      drawn: false,
      message: `None of the ${result.rows.length} rows had usable geometry for ${JSON.stringify(geometry)}; nothing was drawn.`,
    };
  const kind: LayerKind = geometry.kind === 'points' ? 'circle' : 'fill';
  if (style.color_by && !columns.includes(style.color_by)) {
    return {
      drawn: false,
      message: `color_by: the result has no column ${style.color_by}; its columns are ${columns.join(', ')}.`,
    };
  }
  const paint: Record<string, unknown> = {
    [colorPropertyOf(kind)]: style.color_by
      ? colorScale(
          built.features.features.map((feature) => feature.properties ?? {}),
          style.color_by,
        )
      : (style.color ?? '#dc2626'),
    [`${kind}-opacity`]: style.opacity ?? (kind === 'fill' ? 0.7 : 0.85),
  };
  if (kind === 'circle') paint['circle-radius'] = style.radius ?? 5;
  const errors = await map.validatePaint(kind, paint);
  if (errors.length > 0)
    return { drawn: false, message: `Invalid style, nothing was drawn: ${errors.join('; ')}.` };
  const layerId = resultLayerId(result.resultId);
  const title = drawing.title || `Query result ${result.resultId}`;
  await map.addLayer({
    id: layerId,
    title,
    kind,
    features: built.features,
    paint,
    legendTitle: style.color_by ?? title,
    tooltip: columns
      .filter((column) => geometry.kind !== 'shapes' || column !== geometry.column)
      .slice(0, 6),
    drawing,
  });
  return { drawn: true, layerId, featureCount, skippedRows: result.rows.length - featureCount };
}

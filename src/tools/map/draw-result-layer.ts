// Draws a stored query result as a map layer. map_query_result draws through it, and restoring a
// conversation's map draws its result layers again through it, so both draw the same way.
import { kindForGeometry } from '../../geo/layer-kind';
import { summarizeSql } from '../../sql/summarize-sql';
import { colorPropertyOf, colorScale } from './color-scale';
import { isResultLayerId, resultLayerId, type ResultLayerDrawing } from './conversation-map-state';
import { chooseResultColors, colorsBeneath } from './result-contrast';
import { resultFeatures } from './result-features';
import { resultPalette } from './result-palette';
import type { StoredResult } from '../result-store';
import type { LayerKind, MapPort } from './map-port';

/**
 * A result's points by zoom: big enough to find over the bundled layers at world zoom, not a blot at
 * street level.
 */
export const RESULT_POINT_RADIUS = ['interpolate', ['linear'], ['zoom'], 1, 6, 6, 8, 12, 10];

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
  // A geometry column's shapes are drawn as what they are: PostGIS points as circles (a fill of points
  // draws nothing), lines as lines, areas as fills; a mixed column by its first feature.
  const kind: LayerKind =
    geometry.kind === 'points'
      ? 'circle'
      : geometry.kind === 'shapes'
        ? kindForGeometry(built.features.features[0]?.geometry?.type)
        : 'fill';
  if (style.color_by && !columns.includes(style.color_by)) {
    return {
      drawn: false,
      message: `color_by: the result has no column ${style.color_by}; its columns are ${columns.join(', ')}.`,
    };
  }
  const layerId = resultLayerId(result.resultId);
  // The next palette after the results already drawn: a conversation restored in order gets the same.
  const palette = resultPalette(
    map.listLayers().filter((layer) => layer.id !== layerId && isResultLayerId(layer.id)).length,
  );
  // Points are chosen against what lies beneath (the basemap in both themes, the publisher's
  // layers): a fill and a ring that between them stand out from every colour there.
  const pointColors =
    kind === 'circle'
      ? chooseResultColors(
          palette,
          colorsBeneath(map.listLayers()),
          style.color_by ? palette.color : style.color,
        )
      : undefined;
  const paint: Record<string, unknown> = {
    [colorPropertyOf(kind)]: style.color_by
      ? colorScale(
          built.features.features.map((feature) => feature.properties ?? {}),
          style.color_by,
          palette,
        )
      : (pointColors?.fill ?? style.color ?? palette.color),
    [`${kind}-opacity`]: style.opacity ?? (kind === 'fill' ? 0.7 : 0.9),
  };
  if (pointColors) {
    paint['circle-radius'] = style.radius ?? RESULT_POINT_RADIUS;
    // The ring is the halo where a result's points lie over the publisher's circles (the
    // earthquakes' reach 14 px): a result is what the person asked to see.
    paint['circle-stroke-color'] = pointColors.ring;
    paint['circle-stroke-width'] = 2;
  } else if (kind === 'fill') {
    paint['fill-outline-color'] = '#ffffff';
  }
  const errors = await map.validatePaint(kind, paint);
  if (errors.length > 0)
    return { drawn: false, message: `Invalid style, nothing was drawn: ${errors.join('; ')}.` };
  const title = drawing.title || fallbackTitle(result);
  await map.addLayer({
    id: layerId,
    title,
    kind,
    features: built.features,
    paint,
    // The legend names the query (its title, the question it answers); the column follows it.
    legendTitle: title,
    tooltip: columns
      .filter((column) => geometry.kind !== 'shapes' || column !== geometry.column)
      .slice(0, 6),
    drawing,
  });
  return { drawn: true, layerId, featureCount, skippedRows: result.rows.length - featureCount };
}

/** A title for a result drawn without one: what it reads, never its id. */
function fallbackTitle(result: StoredResult): string {
  const tables = result.sql ? summarizeSql(result.sql).tables : [];
  return tables.length > 0 ? `Query of ${tables.slice(0, 3).join(', ')}` : 'Query result';
}

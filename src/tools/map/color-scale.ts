// Colour scales for map_query_result: a sequential ramp of the result's own hue for numbers (strongest
// darkest), categories for text; rows with no value get the "no data" grey.
import { categoryColors, noDataColor, otherColor, type ResultPalette } from './result-palette';
import type { LayerKind } from './map-port';

/** The paint property that carries a layer kind's colour. */
export function colorPropertyOf(kind: LayerKind): string {
  return `${kind}-color`;
}

/** Gives features whose `column` is null the "no data" colour, when some are. */
function withNoData(expression: unknown[], column: string, hasNulls: boolean): unknown[] {
  if (!hasNulls) return expression;
  return ['case', ['==', ['get', column], null], noDataColor, expression];
}

/** A MapLibre colour expression over `column`, scaled to the values in `rows`, in `palette`'s hue. */
export function colorScale(
  rows: Record<string, unknown>[],
  column: string,
  palette: ResultPalette,
): unknown[] | string {
  const values = rows.map((row) => row[column]);
  const present = values.filter((value) => value !== null && value !== undefined);
  const hasNulls = present.length < values.length;
  const numbers = present
    .map((value) => (typeof value === 'bigint' ? Number(value) : value))
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length > 0 && numbers.length === present.length) {
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    if (min === max) return palette.color;
    const { ramp } = palette;
    const stops = ramp.flatMap((color, index) => [
      min + ((max - min) * index) / (ramp.length - 1),
      color,
    ]);
    return withNoData(
      ['interpolate', ['linear'], ['to-number', ['get', column]], ...stops],
      column,
      hasNulls,
    );
  }
  const counts = new Map<string, number>();
  for (const value of present) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  const top = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, categoryColors.length)
    .map(([value]) => value);
  if (top.length === 0) return palette.color;
  return withNoData(
    [
      'match',
      ['to-string', ['get', column]],
      ...top.flatMap((value, index) => [value, categoryColors[index] ?? otherColor]),
      otherColor,
    ],
    column,
    hasNulls,
  );
}

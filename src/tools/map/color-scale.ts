// Colour scales for map_query_result: a sequential ramp for numbers, categories for text.
import type { LayerKind } from './map-port';

const ramp = ['#fff7bc', '#fec44f', '#fe9929', '#d95f0e', '#993404'];
const categories = [
  '#2563eb',
  '#dc2626',
  '#059669',
  '#d97706',
  '#7c3aed',
  '#db2777',
  '#0891b2',
  '#65a30d',
];

/** The paint property that carries a layer kind's colour. */
export function colorPropertyOf(kind: LayerKind): string {
  return `${kind}-color`;
}

/** A MapLibre colour expression over `column`, scaled to the values in `rows`. */
export function colorScale(rows: Record<string, unknown>[], column: string): unknown[] | string {
  const values = rows
    .map((row) => row[column])
    .filter((value) => value !== null && value !== undefined);
  const numbers = values
    .map((value) => (typeof value === 'bigint' ? Number(value) : value))
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length > 0 && numbers.length === values.length) {
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    if (min === max) return ramp[2] ?? '#fe9929';
    const stops = ramp.flatMap((color, index) => [
      min + ((max - min) * index) / (ramp.length - 1),
      color,
    ]);
    return ['interpolate', ['linear'], ['to-number', ['get', column]], ...stops];
  }
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  const top = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, categories.length)
    .map(([value]) => value);
  if (top.length === 0) return categories[0] ?? '#2563eb';
  return [
    'match',
    ['to-string', ['get', column]],
    ...top.flatMap((value, index) => [value, categories[index] ?? '#888']),
    '#9ca3af',
  ];
}

// Legends are read from the paint itself (interpolate, step, match or a plain colour), so the legend
// always matches what is drawn, whatever set_style changed. A legend colour becomes a CSS style (the
// swatch), so only a real CSS colour makes an entry; anything else (url(), var(), a ';') is left out.
import { isCssColor } from '../config/css-color';
import type { LayerKind, Legend, LegendEntry } from '../tools/map/map-port';

const colorProperty: Record<LayerKind, string> = {
  circle: 'circle-color',
  fill: 'fill-color',
  line: 'line-color',
};

function formatStop(value: unknown): string {
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(3)));
}

function inputName(expression: unknown): string | undefined {
  if (!Array.isArray(expression)) return undefined;
  if (expression[0] === 'get' && typeof expression[1] === 'string') return expression[1];
  for (const part of expression.slice(1)) {
    const name = inputName(part);
    if (name) return name;
  }
  return undefined;
}

function entriesOf(value: unknown): LegendEntry[] {
  if (typeof value === 'string') return [{ color: value, label: '' }];
  if (!Array.isArray(value)) return [];
  const [operator] = value;
  if (operator === 'interpolate') {
    const stops = value.slice(3);
    const entries: LegendEntry[] = [];
    for (let index = 0; index + 1 < stops.length; index += 2) {
      if (typeof stops[index + 1] === 'string') {
        entries.push({ color: stops[index + 1] as string, label: formatStop(stops[index]) });
      }
    }
    return entries;
  }
  if (operator === 'step') {
    const [, , base, ...stops] = value;
    const entries: LegendEntry[] = [];
    const first = stops[0];
    if (typeof base === 'string') {
      entries.push({ color: base, label: first === undefined ? 'all' : `< ${formatStop(first)}` });
    }
    for (let index = 0; index + 1 < stops.length; index += 2) {
      const next = stops[index + 2];
      const label =
        next === undefined
          ? `≥ ${formatStop(stops[index])}`
          : `${formatStop(stops[index])} – ${formatStop(next)}`;
      if (typeof stops[index + 1] === 'string')
        entries.push({ color: stops[index + 1] as string, label });
    }
    return entries;
  }
  if (operator === 'match') {
    const cases = value.slice(2);
    const entries: LegendEntry[] = [];
    for (let index = 0; index + 1 < cases.length; index += 2) {
      const label = Array.isArray(cases[index])
        ? (cases[index] as unknown[]).join(', ')
        : String(cases[index]);
      if (typeof cases[index + 1] === 'string')
        entries.push({ color: cases[index + 1] as string, label });
    }
    const fallback = cases.at(-1);
    if (cases.length % 2 === 1 && typeof fallback === 'string')
      entries.push({ color: fallback, label: 'other' });
    return entries;
  }
  return [];
}

/** The legend of a layer's colour paint; undefined when the colour is not readable as a legend. */
export function legendFromPaint(
  kind: LayerKind,
  paint: Record<string, unknown>,
  title: string,
): Legend | undefined {
  const color = paint[colorProperty[kind]];
  const entries = entriesOf(color).filter((entry) => isCssColor(entry.color));
  if (entries.length === 0) return undefined;
  const input = inputName(color);
  return { title: input && entries.length > 1 ? `${title} (${input})` : title, entries };
}

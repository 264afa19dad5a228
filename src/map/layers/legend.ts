// Legends are read from the paint itself (interpolate, step, match or a plain colour), so the legend
// always matches what is drawn, whatever set_style changed. A legend colour becomes a CSS style (the
// swatch), so only a real CSS colour makes an entry; anything else (url(), var(), a ';') is left out.
// Labels are for people: a rate column (0–1 values named like rate, share or pct) reads as percent,
// and the colour of features with no value reads "No data" (never "< 0").
import { isCssColor } from '../../config/css-color';
import type { LayerKind, Legend, LegendEntry } from '../../tools/map/map-port';

const colorProperty: Record<LayerKind, string> = {
  circle: 'circle-color',
  fill: 'fill-color',
  line: 'line-color',
};

/** The label of the colour drawn where a feature has no value. */
export const noDataLabel = 'No data';

/** How stop values read: plain numbers, or percentages for a rate column. */
type StopFormat = (value: unknown) => string;

const plainStop: StopFormat = (value) => {
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(3)));
};

const percentStop: StopFormat = (value) =>
  typeof value === 'number' ? `${Number((value * 100).toPrecision(3))}%` : String(value);

/** A column named as a rate, a share or a percentage. */
const rateName =
  /(^|[^a-z])(rate|rates|share|pct|percent|percentage|ratio|fraction|prop)([^a-z]|$)/i;

/** The numbers the stops of a colour expression compare its input with. */
function stopValues(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const [operator] = value;
  if (operator === 'interpolate') return value.slice(3).filter((_, index) => index % 2 === 0);
  if (operator === 'step') return value.slice(3).filter((_, index) => index % 2 === 0);
  if (operator === 'case') return stopValues(value.at(-1));
  return [];
}

function formatFor(input: string | undefined, color: unknown): StopFormat {
  const stops = stopValues(color);
  const isRate =
    input !== undefined &&
    rateName.test(input.replace(/([a-z])([A-Z])/g, '$1_$2')) &&
    stops.length > 0 &&
    stops.every((stop) => typeof stop === 'number' && stop >= 0 && stop <= 1);
  return isRate ? percentStop : plainStop;
}

/** The value a step's input falls back to when the property is missing (coalesce), if any. */
function missingFallback(input: unknown): number | undefined {
  if (!Array.isArray(input) || input[0] !== 'coalesce') return undefined;
  const fallback = input.at(-1);
  return typeof fallback === 'number' ? fallback : undefined;
}

/** `['==', ['get', x], null]`: the test for a feature with no value. */
function isNullTest(condition: unknown): boolean {
  return (
    Array.isArray(condition) &&
    condition[0] === '==' &&
    condition.length === 3 &&
    condition.includes(null) &&
    condition.some((part) => Array.isArray(part) && part[0] === 'get')
  );
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

function entriesOf(value: unknown, format: StopFormat): LegendEntry[] {
  if (typeof value === 'string') return [{ color: value, label: '' }];
  if (!Array.isArray(value)) return [];
  const [operator] = value;
  if (operator === 'case' && value.length === 4 && isNullTest(value[1])) {
    const inner = entriesOf(value[3], format);
    return typeof value[2] === 'string'
      ? [...inner, { color: value[2], label: noDataLabel }]
      : inner;
  }
  if (operator === 'interpolate') {
    const stops = value.slice(3);
    const entries: LegendEntry[] = [];
    for (let index = 0; index + 1 < stops.length; index += 2) {
      if (typeof stops[index + 1] === 'string') {
        entries.push({ color: stops[index + 1] as string, label: format(stops[index]) });
      }
    }
    return entries;
  }
  if (operator === 'step') {
    const [, input, base, ...stops] = value;
    const entries: LegendEntry[] = [];
    const first = stops[0];
    const fallback = missingFallback(input);
    // Below the first stop only through the fallback: the base colour is the features with no value.
    const baseIsMissing = fallback !== undefined && typeof first === 'number' && fallback < first;
    let baseEntry: LegendEntry | undefined;
    if (typeof base === 'string') {
      const label = baseIsMissing
        ? noDataLabel
        : first === undefined
          ? 'all'
          : `< ${format(first)}`;
      baseEntry = { color: base, label };
      if (!baseIsMissing) entries.push(baseEntry);
    }
    for (let index = 0; index + 1 < stops.length; index += 2) {
      const next = stops[index + 2];
      const label =
        next === undefined
          ? `≥ ${format(stops[index])}`
          : `${format(stops[index])} – ${format(next)}`;
      if (typeof stops[index + 1] === 'string')
        entries.push({ color: stops[index + 1] as string, label });
    }
    // "No data" goes last, after the classes, as legends usually show it.
    if (baseIsMissing && baseEntry) entries.push(baseEntry);
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
  const input = inputName(color);
  const entries = entriesOf(color, formatFor(input, color)).filter((entry) =>
    isCssColor(entry.color),
  );
  if (entries.length === 0) return undefined;
  return { title: input && entries.length > 1 ? `${title} (${input})` : title, entries };
}

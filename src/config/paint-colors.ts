// Finds every colour a layer's paint spells out: plain colours, and the outputs of the ramps and
// categories MapLibre expressions build from them (interpolate, step, match, case, coalesce), so each
// can be checked before any of it reaches the map or a legend swatch.

/** One colour written in a paint: its paint property, where it is (a config path), and the text. */
export interface PaintColor {
  property: string;
  path: string;
  value: string;
}

// For each expression that picks a colour, the argument positions that hold an output.
function outputPositions(expression: unknown[]): number[] {
  const positions = (from: number, step = 2): number[] => {
    const found: number[] = [];
    for (let index = from; index < expression.length; index += step) found.push(index);
    return found;
  };
  switch (expression[0]) {
    case 'interpolate':
    case 'interpolate-hcl':
    case 'interpolate-lab':
      return positions(4);
    case 'step':
      return [2, ...positions(4)];
    case 'match':
      return [...positions(3), expression.length - 1];
    case 'case':
      return [...positions(2), expression.length - 1];
    case 'coalesce':
    case 'to-color':
    case 'literal':
      return positions(1, 1);
    default:
      return [];
  }
}

function collect(value: unknown, path: string, found: Omit<PaintColor, 'property'>[]): void {
  if (typeof value === 'string') {
    found.push({ path, value });
    return;
  }
  if (Array.isArray(value)) {
    for (const position of new Set(outputPositions(value))) {
      if (position > 0) collect(value[position], `${path}[${position}]`, found);
    }
    return;
  }
  // The older "function" form: { property, stops: [[input, colour], ...], default }.
  if (value !== null && typeof value === 'object') {
    const { stops, default: fallback } = value as { stops?: unknown; default?: unknown };
    if (Array.isArray(stops)) {
      stops.forEach((stop, index) => {
        if (Array.isArray(stop)) collect(stop[1], `${path}.stops[${index}][1]`, found);
      });
    }
    if (fallback !== undefined) collect(fallback, `${path}.default`, found);
  }
}

/** Every colour literal of each `*-color` property in `paint`; `prefix` is the paint's config path. */
export function paintColors(paint: Record<string, unknown>, prefix: string): PaintColor[] {
  return Object.entries(paint)
    .filter(([property]) => property.endsWith('-color'))
    .flatMap(([property, value]) => {
      const found: Omit<PaintColor, 'property'>[] = [];
      collect(value, `${prefix}.${property}`, found);
      return found.map((color) => ({ property, ...color }));
    });
}

// WCAG contrast between two colours, and the hex colours a paint value names. A drawn result is
// checked with these against what lies beneath it (the basemap in both themes, the publisher's layers).

/** The sRGB channels (0 to 255) of a `#rgb` or `#rrggbb` colour, or undefined for anything else. */
export function parseHexColor(color: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return undefined;
  const digits =
    match[1].length === 3
      ? [...match[1]].map((digit) => digit + digit)
      : [0, 2, 4].map((start) => match[1]!.slice(start, start + 2));
  const [red, green, blue] = digits.map((pair) => Number.parseInt(pair, 16));
  return [red ?? 0, green ?? 0, blue ?? 0];
}

/** WCAG 2 relative luminance of a hex colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const channels = parseHexColor(color);
  if (!channels) throw new Error(`relativeLuminance: not a hex colour: ${color}`);
  const [red, green, blue] = channels.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

/** WCAG 2 contrast ratio of two hex colours, 1 (the same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** Every hex colour named anywhere in a paint value (a plain colour or an expression's stops). */
export function hexColorsIn(value: unknown): string[] {
  if (typeof value === 'string') return parseHexColor(value) ? [value.trim().toLowerCase()] : [];
  if (Array.isArray(value)) return value.flatMap((item) => hexColorsIn(item));
  return [];
}

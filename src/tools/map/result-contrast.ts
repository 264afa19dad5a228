// Chooses a drawn result's point colour and ring against what lies beneath it, so the result stays
// visible over the publisher's layers and the basemap in both themes (issue: red result points were
// lost among the orange earthquake circles).
import { basemapPalettes } from '../../geo/basemap-colors';
import { contrastRatio, hexColorsIn, parseHexColor } from './color-contrast';
import { isResultLayerId } from './conversation-map-state';
import type { LayerInfo } from './map-port';
import type { ResultPalette } from './result-palette';

/**
 * The contrast a point needs against everything beneath it, from its fill or its ring: WCAG's 3:1 for
 * graphical objects.
 */
export const RESULT_MIN_CONTRAST = 3;

/** The rings tried around a result's points: white on dark ground, near-black on light. */
export const RESULT_RINGS = ['#111827', '#ffffff'] as const;

/** A result point's fill and ring, and the weakest contrast it has against any colour beneath. */
export interface ResultColors {
  fill: string;
  ring: string;
  /** The lowest, over the colours beneath, of the better of fill and ring against that colour. */
  contrast: number;
}

const colorProperties = ['circle-color', 'fill-color', 'line-color', 'fill-extrusion-color'];

/**
 * The colours a result is drawn over: the basemap's land and sea in the light and the dark theme, and
 * every colour of the publisher's and the person's layers, shown or hidden (a hidden layer may be shown
 * later, and a conversation restored with other layers shown must get the same colours).
 */
export function colorsBeneath(layers: LayerInfo[]): string[] {
  const ground = Object.values(basemapPalettes).flatMap((palette) => [palette.land, palette.water]);
  const data = layers
    .filter((layer) => !isResultLayerId(layer.id))
    .flatMap((layer) => colorProperties.flatMap((property) => hexColorsIn(layer.paint[property])));
  return [...new Set([...ground, ...data])];
}

/** How well `fill` with `ring` stands out: its weakest contrast against any colour in `beneath`. */
export function resultContrast(fill: string, ring: string, beneath: string[]): number {
  return Math.min(
    ...beneath.map((color) => Math.max(contrastRatio(fill, color), contrastRatio(ring, color))),
  );
}

/**
 * The palette's own colour if, with one of the rings, it stands out against `beneath`; else the first
 * of its ramp that does; else the best pair found. `fixed` (the model's own colour) keeps the fill
 * and chooses only the ring.
 */
export function chooseResultColors(
  palette: ResultPalette,
  beneath: string[],
  fixed?: string,
): ResultColors {
  // A named colour ('red') cannot be measured: it keeps the white ring results always had.
  if (fixed && !parseHexColor(fixed)) return { fill: fixed, ring: '#ffffff', contrast: Number.NaN };
  const fills = fixed ? [fixed] : [palette.color, ...palette.ramp];
  let best: ResultColors | undefined;
  for (const fill of fills) {
    for (const ring of RESULT_RINGS) {
      const contrast = resultContrast(fill, ring, beneath);
      const candidate = { fill, ring, contrast };
      if (contrast >= RESULT_MIN_CONTRAST) return candidate;
      if (!best || contrast > best.contrast) best = candidate;
    }
  }
  return best ?? { fill: palette.color, ring: RESULT_RINGS[1], contrast: 1 };
}

// A colour a publisher or a model writes reaches a CSS style (the legend swatches) as well as the map.
// Only a real colour passes: hex, rgb()/rgba()/hsl()/hsla() or a named colour, read by MapLibre's own
// parser so the legend and the map agree on what a colour is. url(), var(), expression() and anything
// carrying a ';' are not colours, so they can neither load a resource nor smuggle another declaration.
// The parser `Color.parse` uses, by path: the package's index would bring the whole style specification
// (38 KB gzip) into the start of the page.
import { parseCssColor } from '@maplibre/maplibre-gl-style-spec/dist/expression/types/parse_css_color.mjs';

// Longer than any real colour (rgba(255, 255, 255, 0.5) with generous spacing); the parser never sees more.
const longestColor = 64;

/** True when `value` is a CSS colour (hex, rgb, rgba, hsl, hsla or named) that MapLibre draws too. */
export function isCssColor(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= longestColor && parseCssColor(value) !== undefined
  );
}

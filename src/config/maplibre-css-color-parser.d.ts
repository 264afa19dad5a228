// Types for the one module of MapLibre's style specification the config needs at start: its CSS colour
// parser, imported by path so the start of the page does not carry the whole specification.
declare module '@maplibre/maplibre-gl-style-spec/dist/expression/types/parse_css_color.mjs' {
  /** The colour as [r, g, b, a] (0–1, alpha-premultiplied as MapLibre keeps it), or undefined. */
  export function parseCssColor(input: string): [number, number, number, number] | undefined;
}

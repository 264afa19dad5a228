// How a bar chart lays out its categories so labels never overlap: upright bars while every label fits
// under its bar, horizontal bars (one label per line) when labels are long or many. Labels longer than
// a line allows are cut with an ellipsis; the chart keeps the full text as a tooltip.

/** Characters a category label keeps before it is cut. */
export const LABEL_CHARACTERS = 24;
/** Average width of one character of a tick label, in pixels (10 px system-ui). */
export const CHARACTER_WIDTH = 6.2;
/** Height one horizontal bar takes, label included, in pixels. */
export const HORIZONTAL_ROW_HEIGHT = 18;

/** Which way the bars run, and the room their labels need. */
export interface BarLayout {
  orientation: 'vertical' | 'horizontal';
  /** Left margin that fits the longest (cut) label of horizontal bars. */
  marginLeft: number;
  /** Height the chart needs (horizontal bars grow with their count). */
  height: number;
}

/** The label as shown: cut to LABEL_CHARACTERS with an ellipsis. */
export function shortLabel(label: string): string {
  return label.length > LABEL_CHARACTERS ? `${label.slice(0, LABEL_CHARACTERS - 1)}…` : label;
}

/** Distinct values of `values` as labels, in order of first appearance (a ranking keeps its order). */
export function categoriesInOrder(values: readonly unknown[]): unknown[] {
  return [...new Set(values)];
}

/**
 * Upright bars when every label fits the width its bar gets (with a little gap); otherwise horizontal
 * bars with a left margin for the longest shown label.
 */
export function barLayout(labels: readonly string[], width: number, height: number): BarLayout {
  const plotWidth = Math.max(1, width - 60);
  const longest = Math.max(0, ...labels.map((label) => shortLabel(label).length));
  const perBar = plotWidth / Math.max(1, labels.length);
  if (longest * CHARACTER_WIDTH + 6 <= perBar && labels.length <= 24)
    return { orientation: 'vertical', marginLeft: 50, height };
  return {
    orientation: 'horizontal',
    marginLeft: Math.min(Math.ceil(longest * CHARACTER_WIDTH) + 12, Math.round(width * 0.45)),
    height: Math.max(height, labels.length * HORIZONTAL_ROW_HEIGHT + 50),
  };
}

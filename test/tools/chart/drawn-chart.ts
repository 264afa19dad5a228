// A chart drawn for a test that reads its markup, its watch on the hover tip stopped at once.
import { plotChartWithNotes } from '../../../src/tools/chart/plot-chart';
import type { ChartSpec } from '../../../src/tools/chart/chart-spec';

/** The chart's element (an SVG, or a figure with a legend), drawn in `doc`. */
export function plotChart(spec: ChartSpec, width = 380, doc: Document = document): Element {
  const plotted = plotChartWithNotes(spec, width, doc);
  plotted.destroy();
  return plotted.element;
}

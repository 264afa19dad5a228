// A chart as an image a file can carry: drawn with the same Plot code as the conversation (its chunk
// loads only now, since exports are rare), written as a standalone SVG in black on white whatever the
// page's theme, and encoded in a data: URI so the file needs nothing beside it.
import { loadPlotChart } from '../tools/chart/lazy-plot-chart';
import { svgFileText } from './chart-download';
import { svgWithLegend } from './svg-with-legend';
import type { ChartSpec } from '../tools/chart/chart-spec';

/** Width of a chart drawn for a file, in pixels: a document is wider than the chat. */
export const CHART_IMAGE_WIDTH = 640;

const INK = { color: 'black', fontFamily: 'system-ui, sans-serif' };

/** A chart drawn for a file: its SVG as a data URI, what it shows in words, and rows it left out. */
export interface ChartImage {
  dataUri: string;
  description: string;
  /** Rows left out because a column the chart needs had no value. */
  missing: number;
}

function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In slices: spreading a whole large chart into one call would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * Draws `spec` in `doc` and returns it as an SVG data URI, its colour legend included (the title stays
 * outside, as a caption).
 */
export async function chartImage(
  spec: ChartSpec,
  width = CHART_IMAGE_WIDTH,
  doc: Document = document,
): Promise<ChartImage> {
  const { chartDescription, plotChartWithNotes, plotClassName } = await loadPlotChart();
  const plotted = plotChartWithNotes(spec, width, doc);
  // Drawn only to be written out: nothing hovers it, so its watch on the hover tip stops at once.
  plotted.destroy();
  const chart = plotted.element;
  // A chart with a title or a legend is a <figure> around the SVG.
  const svg =
    chart.tagName.toLowerCase() === 'svg' ? chart : chart.querySelector(`svg.${plotClassName}`);
  if (!svg) throw new Error('the chart drew no image');
  const image = svgWithLegend(chart, svg as SVGSVGElement, plotClassName, doc);
  const text = svgFileText(image, 'white', INK);
  return {
    dataUri: `data:image/svg+xml;base64,${utf8Base64(text)}`,
    description: chartDescription(spec),
    missing: plotted.missing,
  };
}

// Draws a ChartSpec with Observable Plot. Plot writes its default styles as <style> elements inside the
// chart, which the page's Content-Security-Policy blocks (style-src has no 'unsafe-inline'); they are
// removed here and the same rules ship in plot-chart.css, under the class name given to Plot.
import * as Plot from '@observablehq/plot';
import './plot-chart.css';
import { chartHeight } from './lazy-plot-chart';
import type { ChartSpec } from './chart-spec';

/** The class Plot gives the chart and its legends (`mw-plot-swatches`, `mw-plot-ramp`). */
export const plotClassName = 'mw-plot';

function marks(spec: ChartSpec): Plot.Markish[] {
  const { x, y, color, rows } = spec;
  const fill = color ?? 'steelblue';
  switch (spec.kind) {
    case 'bar':
      return y
        ? [Plot.barY(rows, { x, y, fill }), Plot.ruleY([0])]
        : [Plot.barY(rows, Plot.groupX({ y: 'count' }, { x, fill })), Plot.ruleY([0])];
    case 'line':
      return [Plot.lineY(rows, { x, y, stroke: color ?? 'steelblue', sort: x })];
    case 'scatter':
      return [Plot.dot(rows, { x, y, fill })];
    case 'histogram':
      return [
        Plot.rectY(rows, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x, fill })),
        Plot.ruleY([0]),
      ];
  }
}

/** Renders the chart as an SVG (or a figure with a legend) built in `document`. */
export function plotChart(spec: ChartSpec, width = 380, doc: Document = document): Element {
  const chart = Plot.plot({
    document: doc,
    className: plotClassName,
    width,
    height: chartHeight(width),
    marginLeft: 50,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.color ? { color: { legend: true } } : {}),
    x: { label: spec.x },
    y: { label: spec.y ?? 'count', grid: true },
    marks: marks(spec),
  });
  // Removed before the chart joins the page, so the CSP has nothing to block or report.
  for (const style of chart.querySelectorAll('style')) style.remove();
  return chart;
}

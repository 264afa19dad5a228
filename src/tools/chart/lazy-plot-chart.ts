// Charts wait for Observable Plot (with d3, a large chunk): the figure holds a placeholder of the chart's
// size at once, so the conversation does not jump when the chart replaces it.
import type { ChartSpec } from './chart-spec';
import type * as PlotChart from './plot-chart';

let plotModule: Promise<typeof PlotChart> | undefined;

/** Loads the chart renderer's chunk once (later calls share the same load). */
export function loadPlotChart(): Promise<typeof PlotChart> {
  plotModule ??= import('./plot-chart');
  return plotModule;
}

/** The height plotChartWithNotes gives a chart `width` pixels wide. */
export function chartHeight(width: number): number {
  return Math.round(width * 0.62);
}

/**
 * Fills `figure` with a placeholder the size of the chart, then with the chart; if the renderer fails
 * to load or to draw, with a sentence saying so. Resolves when the figure holds its final content,
 * with the drawn chart (undefined when it could not be drawn).
 */
export async function drawChartWhenLoaded(
  figure: HTMLElement,
  spec: ChartSpec,
  width = 380,
): Promise<PlotChart.PlottedChart | undefined> {
  const placeholder = document.createElement('div');
  placeholder.className = 'mw-chart-placeholder';
  placeholder.setAttribute('role', 'img');
  placeholder.setAttribute('aria-label', `Loading the ${spec.kind} chart`);
  // Set through the CSSOM, which the page's style-src policy allows (a style attribute it would not).
  placeholder.style.width = `${width}px`;
  placeholder.style.height = `${chartHeight(width)}px`;
  figure.replaceChildren(placeholder);
  try {
    const { plotChartWithNotes } = await loadPlotChart();
    const plotted = plotChartWithNotes(spec, width);
    figure.replaceChildren(plotted.element);
    return plotted;
  } catch (error) {
    const message = document.createElement('p');
    message.textContent = `The chart could not be drawn: ${String(error)}`;
    figure.replaceChildren(message);
    return undefined;
  }
}

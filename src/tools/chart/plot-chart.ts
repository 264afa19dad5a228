// Draws a ChartSpec with Observable Plot. Plot writes its default styles as <style> elements inside the
// chart, which the page's Content-Security-Policy blocks (style-src has no 'unsafe-inline'); they are
// removed here and the same rules ship in plot-chart.css, under the class name given to Plot.
import * as Plot from '@observablehq/plot';
import './plot-chart.css';
import { barLayout, categoriesInOrder, shortLabel } from './bar-layout';
import { chartValues, timeTicks, type ChartValues } from './chart-values';
import { chartHeight } from './lazy-plot-chart';
import type { ChartSpec } from './chart-spec';

/** The class Plot gives the chart and its legends (`mw-plot-swatches`, `mw-plot-ramp`). */
export const plotClassName = 'mw-plot';

const FILL = 'steelblue';

/** What a person hears for the chart: its title, else its kind and columns. */
export function chartDescription(spec: ChartSpec): string {
  const kind = {
    bar: 'Bar chart',
    line: 'Line chart',
    scatter: 'Scatter plot',
    histogram: 'Histogram',
  }[spec.kind];
  const measure = spec.y ?? 'count';
  const about = spec.kind === 'histogram' ? `of ${spec.x}` : `of ${measure} by ${spec.x}`;
  return spec.title ? `${spec.title} (${kind.toLowerCase()} ${about})` : `${kind} ${about}`;
}

/** Formats a category for a tick: dates as a person writes them, anything else as text. */
function categoryText(value: unknown, values: ChartValues): string {
  if (value instanceof Date) {
    const step = values.timeStep ?? 'finer';
    const options: Intl.DateTimeFormatOptions =
      step === 'year'
        ? { year: 'numeric', timeZone: 'UTC' }
        : step === 'month'
          ? { year: 'numeric', month: 'short', timeZone: 'UTC' }
          : step === 'day'
            ? { dateStyle: 'medium', timeZone: 'UTC' }
            : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(undefined, options).format(value);
  }
  return value === null || value === undefined ? '' : String(value);
}

/** Hover tips that show dates as the ticks do (Plot's own tip writes ISO dates). */
function tipFor(channel: 'x' | 'y', values: ChartValues): Plot.TipOptions | true {
  if (!values.timeStep) return true;
  return { format: { [channel]: (value: unknown) => categoryText(value, values) } };
}

/** The categories in the order the spec asks for: the rows' own, or by their total (or count). */
function sortCategories(
  categories: unknown[],
  rows: readonly Record<string, unknown>[],
  spec: ChartSpec,
): unknown[] {
  if (!spec.sort || spec.sort === 'rows') return categories;
  const totals = new Map<unknown, number>();
  for (const row of rows) {
    const amount = spec.y === undefined ? 1 : Number(row[spec.y]);
    totals.set(
      row[spec.x],
      (totals.get(row[spec.x]) ?? 0) + (Number.isFinite(amount) ? amount : 0),
    );
  }
  const direction = spec.sort === 'ascending' ? 1 : -1;
  return [...categories].sort(
    (one, other) => direction * ((totals.get(one) ?? 0) - (totals.get(other) ?? 0)),
  );
}

interface Drawing {
  marks: Plot.Markish[];
  options: Plot.PlotOptions;
  /** Full labels by the cut text a tick shows, for tooltips. */
  fullLabels: Map<string, string>;
}

function barDrawing(spec: ChartSpec, values: ChartValues, width: number): Drawing {
  const { x, y, color } = spec;
  const fill = color ?? FILL;
  const categories = sortCategories(
    categoriesInOrder(values.rows.map((row) => row[x])),
    values.rows,
    spec,
  );
  const fullLabels = new Map<string, string>();
  const labelOf = (value: unknown): string => {
    const full = categoryText(value, values);
    const shown = shortLabel(full);
    if (shown !== full) fullLabels.set(shown, full);
    return shown;
  };
  const labels = categories.map((value) => categoryText(value, values));
  const layout = barLayout(labels, width, chartHeight(width));
  // The domain is given so Plot keeps the rows' order: a ranking stays a ranking.
  const category = { domain: categories, tickFormat: labelOf, label: null };
  if (layout.orientation === 'horizontal') {
    return {
      fullLabels,
      options: {
        height: layout.height,
        marginLeft: layout.marginLeft,
        y: category,
        x: { label: y ?? 'count', grid: true },
      },
      marks: [
        y
          ? Plot.barX(values.rows, { y: x, x: y, fill, tip: tipFor('y', values) })
          : Plot.barX(
              values.rows,
              Plot.groupY({ x: 'count' }, { y: x, fill, tip: tipFor('y', values) }),
            ),
        Plot.ruleX([0]),
      ],
    };
  }
  return {
    fullLabels,
    options: {
      height: layout.height,
      marginLeft: 50,
      x: { ...category, label: x },
      y: { label: y ?? 'count', grid: true },
    },
    marks: [
      y
        ? Plot.barY(values.rows, { x, y, fill, tip: tipFor('x', values) })
        : Plot.barY(
            values.rows,
            Plot.groupX({ y: 'count' }, { x, fill, tip: tipFor('x', values) }),
          ),
      Plot.ruleY([0]),
    ],
  };
}

function drawing(spec: ChartSpec, values: ChartValues, width: number): Drawing {
  if (spec.kind === 'bar') return barDrawing(spec, values, width);
  const { x, y, color } = spec;
  const fill = color ?? FILL;
  // Room for one label of about nine characters ("Sep 2001") per 72 px; timeTicks gives labels with
  // the day in them ("12 Sep 2001") more room.
  const maxTicks = Math.max(2, Math.floor((width - 70) / 72));
  const ticks = values.timeStep
    ? timeTicks(
        values.rows.map((row) => row[x] as Date),
        values.timeStep,
        maxTicks,
      )
    : {};
  const options: Plot.PlotOptions = {
    height: chartHeight(width),
    marginLeft: 50,
    // The last label is centred on its tick: half of it must fit inside the chart.
    ...(ticks.format ? { marginRight: 36 } : {}),
    x: {
      label: x,
      ticks: ticks.interval ?? maxTicks,
      ...(ticks.format ? { tickFormat: ticks.format } : {}),
    },
    y: { label: y ?? 'count', grid: true },
  };
  const fullLabels = new Map<string, string>();
  const tip = tipFor('x', values);
  switch (spec.kind) {
    case 'line':
      return {
        fullLabels,
        options,
        marks: [
          Plot.lineY(values.rows, {
            x,
            y,
            stroke: color ?? FILL,
            sort: x,
            tip: tip === true ? 'x' : { ...tip, pointer: 'x' },
          }),
        ],
      };
    case 'scatter':
      return { fullLabels, options, marks: [Plot.dot(values.rows, { x, y, fill, tip })] };
    case 'histogram':
      return {
        fullLabels,
        options,
        marks: [
          Plot.rectY(values.rows, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x, fill, tip })),
          Plot.ruleY([0]),
        ],
      };
  }
}

/** Adds the full text as a tooltip to every tick label that was cut. */
function addLabelTooltips(chart: Element, fullLabels: Map<string, string>, doc: Document): void {
  if (fullLabels.size === 0) return;
  for (const text of chart.querySelectorAll('text')) {
    const full = fullLabels.get(text.textContent ?? '');
    if (full === undefined) continue;
    const title = doc.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = full;
    text.append(title);
  }
}

/**
 * Makes the chart one image for assistive technology: the accessible name goes on the <svg> (with
 * role img); the names Plot puts on its <g> groups go, since an aria-label on a <g> without a role is
 * flagged and says nothing a person needs. Plot's ⚠️ (warnings about ignored values) goes too: the
 * chart says in words what it left out. Returns what stops the watch on the hover tip.
 */
function settleMarkup(chart: Element, description: string): () => void {
  for (const style of chart.querySelectorAll('style')) style.remove();
  const svg =
    chart.tagName.toLowerCase() === 'svg' ? chart : chart.querySelector('svg.' + plotClassName);
  svg?.setAttribute('role', 'img');
  svg?.setAttribute('aria-label', description);
  for (const group of chart.querySelectorAll('g[aria-label]')) group.removeAttribute('aria-label');
  for (const text of chart.querySelectorAll('svg > text'))
    if (text.textContent?.startsWith('⚠')) text.remove();
  if (!svg || typeof MutationObserver === 'undefined') return () => undefined;
  // The hover tip is drawn anew on every move, named again each time.
  const tipWatch = new MutationObserver(() => {
    for (const group of svg.querySelectorAll('g[aria-label]')) group.removeAttribute('aria-label');
  });
  tipWatch.observe(svg, { childList: true, subtree: true });
  return () => tipWatch.disconnect();
}

/**
 * A drawn chart and how many rows it left out for want of a value. `destroy()` stops the watch on its
 * hover tip (the `{ destroy() }` of ui/mounted.ts, which tools/ does not import): whoever shows the
 * chart destroys it with its view, and a chart drawn only to be written out right after drawing.
 */
export interface PlottedChart {
  element: Element;
  missing: number;
  destroy(): void;
}

/** Renders the chart as an SVG (or a figure with a legend) built in `doc`. */
export function plotChartWithNotes(
  spec: ChartSpec,
  width = 380,
  doc: Document = document,
): PlottedChart {
  const values = chartValues(spec);
  const drawn = drawing(spec, values, width);
  const description = chartDescription(spec);
  const chart = Plot.plot({
    document: doc,
    className: plotClassName,
    width,
    ariaLabel: description,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.color ? { color: { legend: true } } : {}),
    ...drawn.options,
    marks: drawn.marks,
  });
  addLabelTooltips(chart, drawn.fullLabels, doc);
  const stopWatch = settleMarkup(chart, description);
  return { element: chart, missing: values.missing, destroy: stopWatch };
}

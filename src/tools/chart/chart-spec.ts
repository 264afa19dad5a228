// What render_chart hands the UI: a serialisable chart description with the rows it draws.

/** The kinds of chart render_chart draws. */
export const CHART_KINDS = ['bar', 'line', 'scatter', 'histogram'] as const;

/** One of the chart kinds. */
export type ChartKind = (typeof CHART_KINDS)[number];

/** How a bar chart orders its bars: as the result's rows come (the default), or by value. */
export const BAR_ORDERS = ['rows', 'ascending', 'descending'] as const;

/** One of the bar orders. */
export type BarOrder = (typeof BAR_ORDERS)[number];

/** A chart to draw in the conversation (kept in the transcript, so it survives a reload). */
export interface ChartSpec {
  kind: ChartKind;
  resultId: string;
  x: string;
  y?: string;
  color?: string;
  title?: string;
  /** Bar charts only: absent keeps the rows' order (a ranking stays a ranking). */
  sort?: BarOrder;
  rows: Record<string, unknown>[];
}

/** The value as a chart spec when it is one (charts an older release stored are read through it). */
export function asChartSpec(value: unknown): ChartSpec | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const spec = value as Partial<ChartSpec>;
  if (!spec.kind || !CHART_KINDS.includes(spec.kind) || typeof spec.x !== 'string')
    return undefined;
  if (!Array.isArray(spec.rows)) return undefined;
  return spec as ChartSpec;
}

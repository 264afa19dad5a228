// What render_chart hands the UI: a serialisable chart description with the rows it draws.

/** The kinds of chart render_chart draws. */
export const CHART_KINDS = ['bar', 'line', 'scatter', 'histogram'] as const;

/** One of the chart kinds. */
export type ChartKind = (typeof CHART_KINDS)[number];

/** A chart to draw in the conversation (kept in the transcript, so it survives a reload). */
export interface ChartSpec {
  kind: ChartKind;
  resultId: string;
  x: string;
  y?: string;
  color?: string;
  title?: string;
  rows: Record<string, unknown>[];
}

/** The chart in a tool result's `data`, if it holds one. */
export function findChartSpec(data: unknown): ChartSpec | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const chart = (data as { chart?: unknown }).chart;
  if (typeof chart !== 'object' || chart === null) return undefined;
  const spec = chart as Partial<ChartSpec>;
  if (!spec.kind || !CHART_KINDS.includes(spec.kind) || typeof spec.x !== 'string')
    return undefined;
  if (!Array.isArray(spec.rows)) return undefined;
  return spec as ChartSpec;
}

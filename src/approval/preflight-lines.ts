// The pre-flight's report in the card's words: a readable error, or the rows to expect and the columns.
import type { PreflightReport, RowEstimate } from '../data/preflight/preflight';

/** One line of the pre-flight box. */
export interface PreflightLine {
  className: string;
  text: string;
}

/** "up to 10 rows", "1 row", "about 52 groups", "about 2,900 rows (DuckDB's estimate)", "unknown". */
export function rowEstimateText(estimate: RowEstimate): string {
  if (estimate.bound === 'unknown') return 'unknown';
  const count = estimate.count.toLocaleString('en');
  const unit = `${estimate.unit}${estimate.count === 1 ? '' : 's'}`;
  if (estimate.bound === 'estimated') return `about ${count} ${unit} (DuckDB’s estimate)`;
  return estimate.bound === 'exactly' ? `${count} ${unit}` : `${estimate.bound} ${count} ${unit}`;
}

/** The lines the card shows for a report. */
export function preflightLines(report: PreflightReport): PreflightLine[] {
  if (report.unavailable !== undefined) {
    return [{ className: 'mw-preflight-none', text: report.unavailable }];
  }
  if (!report.parses) {
    return [
      { className: 'mw-preflight-error', text: report.error ?? 'The SQL could not be read.' },
    ];
  }
  const columns = (report.columns ?? [])
    .map((column) => `${column.name} (${column.type})`)
    .join(', ');
  return [
    {
      className: 'mw-preflight-rows',
      text: `Rows: ${rowEstimateText(report.rows ?? { bound: 'unknown' })}`,
    },
    { className: 'mw-preflight-columns', text: `Columns: ${columns || 'none'}` },
    ...(report.dialect
      ? [
          {
            className: 'mw-preflight-dialect',
            text: `Checked by ${report.dialect} (EXPLAIN, not run)`,
          },
        ]
      : []),
  ];
}

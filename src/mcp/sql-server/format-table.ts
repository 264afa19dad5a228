// The compact text a model reads for a query result: a few rows, the total, and what was left out.
import type { ColumnInfo, Row } from '../../data/data-engine';

const maxCellLength = 80;

function cell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > maxCellLength ? `${flat.slice(0, maxCellLength - 1)}…` : flat;
}

/** A pipe-separated table of at most `shownRows` rows, headed by a line that says what was cut. */
export function formatResultTable(options: {
  columns: ColumnInfo[];
  rows: Row[];
  totalRows: number;
  shownRows: number;
  resultId: string;
}): string {
  const { columns, rows, totalRows, resultId } = options;
  const shown = rows.slice(0, Math.max(0, options.shownRows));
  const lines: string[] = [];
  const header =
    shown.length < totalRows
      ? `${totalRows} rows; showing the first ${shown.length} (${totalRows - shown.length} not shown here).`
      : `${totalRows} row${totalRows === 1 ? '' : 's'}.`;
  lines.push(
    `${header} result_id=${resultId} (map and chart tools can use all returned rows by this id)`,
  );
  lines.push(columns.map((column) => `${column.name} (${column.type})`).join(' | '));
  for (const row of shown) lines.push(columns.map((column) => cell(row[column.name])).join(' | '));
  if (rows.length < totalRows) {
    lines.push(
      `Note: the result was cut at ${rows.length} rows. Aggregate, filter or add LIMIT to see what matters.`,
    );
  }
  return lines.join('\n');
}

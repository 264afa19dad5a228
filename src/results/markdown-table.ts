// A result's rows as a GitHub-flavoured Markdown table, for the Markdown export. Cells hold the raw
// values (as the CSV does), so the file reads the same in every locale. A cell may hold anything a query
// returns: pipes would end the cell and a newline the table, and HTML would be read as markup, so they
// are written as escapes and entities a Markdown viewer shows as the text itself.
import { shownCellText, type TableData } from './result-data';

/** Rows a Markdown export shows of each result. */
export const MARKDOWN_TABLE_ROWS = 50;

/** The text of one cell, safe inside a Markdown table row. */
export function markdownCell(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * The table's first `limit` rows as Markdown, then a line saying how many more the result had; an empty
 * string when it has no columns. `redact` masks each row before it is written.
 */
export function markdownTable(
  table: TableData,
  redact: (row: Record<string, unknown>) => Record<string, unknown>,
  limit = MARKDOWN_TABLE_ROWS,
): string {
  if (table.columns.length === 0) return '';
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  const shown = table.rows.slice(0, limit).map(redact);
  const lines = [
    line(table.columns.map(markdownCell)),
    line(table.columns.map(() => '---')),
    ...shown.map((row) =>
      line(table.columns.map((name) => markdownCell(shownCellText(name, row[name])))),
    ),
  ];
  const more = Math.max(table.totalRows, table.rows.length) - shown.length;
  if (more > 0)
    lines.push('', `… and ${more.toLocaleString('en')} more ${more === 1 ? 'row' : 'rows'}`);
  return lines.join('\n');
}

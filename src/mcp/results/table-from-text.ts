// Third-party MCP servers often answer with a table written as text: JSON rows, a markdown table or
// CSV. Read here, once, where the result is made, so the UI shows a table instead of guessing.
import { csvParseRows } from 'd3-dsv';
import { columnsOfRows, isRecord, tableFromRecord } from '../../tools/table-result-data';
import { parseMarkdownTable, type TextTable } from './parse-markdown-table';
import type { TableResultData } from '../../tools/tool';

/** Longest header cell that still reads as a column name. */
const maximumColumnName = 64;

function fromRows(rows: Record<string, unknown>[]): TableResultData {
  return { kind: 'table', columns: columnsOfRows(rows), rows, totalRows: rows.length };
}

function fromTextTable(table: TextTable): TableResultData {
  const rows = table.rows.map((cells) =>
    Object.fromEntries(table.header.map((name, index) => [name, cells[index] ?? ''])),
  );
  return {
    kind: 'table',
    columns: table.header.map((name) => ({ name, type: 'string' })),
    rows,
    totalRows: rows.length,
  };
}

function fromJson(text: string): TableResultData | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (Array.isArray(parsed))
    return parsed.length > 0 && parsed.every(isRecord) ? fromRows(parsed) : undefined;
  return tableFromRecord(parsed);
}

/**
 * CSV as programs write it: a header of at least two distinct names with no space around them, and
 * every row as wide as the header. Prose with commas ("Done, 3 rows.") fails these tests.
 */
function fromCsv(text: string): TableResultData | undefined {
  const [header, ...rows] = csvParseRows(text.trim());
  if (!header || header.length < 2 || rows.length === 0) return undefined;
  const names = new Set(header);
  const namesRead = header.every(
    (name) => name !== '' && name === name.trim() && name.length <= maximumColumnName,
  );
  if (!namesRead || names.size !== header.length) return undefined;
  if (!rows.every((row) => row.length === header.length)) return undefined;
  return fromTextTable({ header, rows });
}

/**
 * The table a text holds as a whole, or undefined. A `mimeType` (of an embedded resource) says which
 * format to read; plain text is tried as JSON, then as a markdown table, then as CSV.
 */
export function tableFromText(text: string, mimeType?: string): TableResultData | undefined {
  const type = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return fromJson(text);
  if (type === 'text/csv') return fromCsv(text);
  if (type === 'text/markdown') {
    const table = parseMarkdownTable(text);
    return table ? fromTextTable(table) : undefined;
  }
  if (type !== undefined && type !== 'text/plain') return undefined;
  const markdown = parseMarkdownTable(text);
  return fromJson(text) ?? (markdown ? fromTextTable(markdown) : undefined) ?? fromCsv(text);
}

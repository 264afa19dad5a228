// Finds the table in a tool result's `data`, whatever envelope the server put it in.

/** A table the UI can show: columns, rows and the total the query produced. */
export interface TableData {
  resultId?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  totalRows: number;
  /** Rows kept after the stored copy was cut to the conversation's cap, when it was cut. */
  storedRows?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnNames(columns: unknown, rows: Record<string, unknown>[]): string[] {
  if (Array.isArray(columns)) {
    const names = columns.map((column) =>
      typeof column === 'string' ? column : isRecord(column) ? String(column.name ?? '') : '',
    );
    if (names.every((name) => name.length > 0)) return names;
  }
  return rows[0] ? Object.keys(rows[0]) : [];
}

/** The result id a tool result carries (`result_id` or `resultId`), at the top or in structured content. */
export function findResultId(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const direct = data.result_id ?? data.resultId;
  if (typeof direct === 'string') return direct;
  return findResultId(data.structuredContent) ?? findResultId(data.structured);
}

/** The table in a result's data (`rows` at the top, or under `structuredContent`), if any. */
export function findTable(data: unknown, depth = 0): TableData | undefined {
  if (!isRecord(data) || depth > 3) return undefined;
  if (Array.isArray(data.rows) && data.rows.every(isRecord)) {
    const rows = data.rows;
    const total = data.totalRows ?? data.total_rows ?? data.rowCount ?? data.row_count;
    const resultId = findResultId(data);
    return {
      ...(resultId !== undefined ? { resultId } : {}),
      columns: columnNames(data.columns, rows),
      rows,
      totalRows: typeof total === 'number' ? total : rows.length,
    };
  }
  for (const key of ['structuredContent', 'structured', 'result', 'data']) {
    const nested = findTable(data[key], depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/** Formats one cell for a table or a CSV file. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object')
    return JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
  return String(value);
}

/**
 * A cell as shown on screen: fractions rounded to six significant digits so a column of averages stays
 * readable. The CSV download keeps full precision.
 */
export function displayCellText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value))
    return String(Number(value.toPrecision(6)));
  return cellText(value);
}

/** The table as CSV (RFC 4180 quoting). */
export function toCsv(table: TableData): string {
  const quote = (text: string): string =>
    /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const lines = [table.columns.map(quote).join(',')];
  for (const row of table.rows)
    lines.push(table.columns.map((name) => quote(cellText(row[name]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

// A table from a SQL server that gives no result id (a stock server such as server-postgres, or any
// bridged one) made into a result the map and chart tools can use: numbers sent as text become numbers,
// the rows get a result id, and the model is told the id and which column holds the geometry.
import { geometryTextFormat } from '../../geo/geometry-value';
import type { ResultColumn, TableResultData, ToolResult } from '../../tools/tool';

// Decimal text as a database writes a bigint or a numeric: no leading zeros (a code such as "02134"
// stays text), no exponent, no spaces.
const decimalText = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function asNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || !decimalText.test(value)) return undefined;
  const number = Number(value);
  // A whole number past 2^53 keeps its exact text.
  if (!value.includes('.') && !Number.isSafeInteger(number)) return undefined;
  return number;
}

function numericColumns(columns: ResultColumn[], rows: Record<string, unknown>[]): Set<string> {
  const numeric = new Set<string>();
  for (const column of columns) {
    const present = rows.map((row) => row[column.name]).filter((value) => value != null);
    if (present.length > 0 && present.every((value) => asNumber(value) !== undefined)) {
      numeric.add(column.name);
    }
  }
  return numeric;
}

const formatNames = { geojson: 'GeoJSON', wkb: 'WKB/EWKB hex', wkt: 'WKT' } as const;

/** The column holding geometries and the form they are in, from its first value. */
function geometryColumn(
  columns: ResultColumn[],
  rows: Record<string, unknown>[],
): { name: string; format: string } | undefined {
  for (const column of columns) {
    const value = rows.find((row) => row[column.name] != null)?.[column.name];
    if (typeof value === 'object' && value !== null && 'coordinates' in value)
      return { name: column.name, format: 'GeoJSON' };
    const format = typeof value === 'string' ? geometryTextFormat(value) : undefined;
    if (format) return { name: column.name, format: formatNames[format] };
  }
  return undefined;
}

const longitudeName = /^(?:lon|lng|long|longitude|x)$/i;
const latitudeName = /^(?:lat|latitude|y)$/i;

let counter = 0;

/** A result id unique to this page. */
export function nextPageResultId(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter.toString(36)}`;
}

/**
 * The table with typed numbers and a result id, and the line that tells the model how to draw it; or
 * undefined when the table already has an id or has no rows.
 */
export function drawableResult(
  table: TableResultData,
  resultId: string = nextPageResultId(),
): { table: TableResultData; note: string } | undefined {
  if (table.resultId !== undefined || !table.rows || table.rows.length === 0) return undefined;
  const numeric = numericColumns(table.columns, table.rows);
  const rows = numeric.size
    ? table.rows.map((row) => {
        const typed = { ...row };
        for (const name of numeric) if (typed[name] != null) typed[name] = asNumber(typed[name]);
        return typed;
      })
    : table.rows;
  const columns = table.columns.map((column) =>
    numeric.has(column.name) ? { ...column, type: 'number' } : column,
  );
  const geometry = geometryColumn(columns, rows);
  const longitude = columns.find((column) => longitudeName.test(column.name))?.name;
  const latitude = columns.find((column) => latitudeName.test(column.name))?.name;
  const howToDraw = geometry
    ? ` Column ${geometry.name} holds ${geometry.format} geometries: map_query_result draws them with geometry {"kind":"shapes","column":"${geometry.name}"}.`
    : longitude && latitude && numeric.has(longitude) && numeric.has(latitude)
      ? ` map_query_result draws its points with geometry {"kind":"points","lon":"${longitude}","lat":"${latitude}"}.`
      : '';
  return {
    table: { ...table, resultId, columns, rows },
    note: `result_id=${resultId} (map and chart tools can use its ${rows.length} rows by this id).${howToDraw}`,
  };
}

/**
 * A tool result whose table had no result id, with one (a stock server's): the note goes first in the
 * model's text, so the id survives when the rows' text is cut to the model's budget.
 */
export function withResultId(
  result: ToolResult,
  table: TableResultData,
): ToolResult & { data: TableResultData } {
  const drawable = drawableResult(table);
  if (!drawable) return { ...result, data: table };
  return { ...result, content: `${drawable.note}\n${result.content}`, data: drawable.table };
}

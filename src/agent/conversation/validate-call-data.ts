// What a stored call drew (a table, a chart, MCP parts), checked against its type before a view reads
// it: storage hands over JSON that an older release, another tool or a hand-edited file wrote, and a
// table whose `columns` are null would otherwise throw halfway through drawing the conversation.
import { BAR_ORDERS, CHART_KINDS, type ChartSpec } from '../../tools/chart/chart-spec';
import { isRecord } from '../../tools/table-result-data';
import { isCurrentResultData, upgradeResultData } from '../../tools/upgrade-result-data';
import type { McpContentPart, ResultColumn, ToolResultData } from '../../tools/tool';

/** What checking a call's data found: the typed data, or that it does not fit (`unreadable`). */
export type CheckedCallData =
  { kind: 'none' } | { kind: 'readable'; data: ToolResultData } | { kind: 'unreadable' };

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Rows are records; anything else in a row list makes the list unreadable. */
function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isRecord);
}

/** A part as the UI keeps it (not an SDK block: those are read by toContentPart when a result is made). */
function isContentPart(value: unknown): value is McpContentPart {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return isString(value.text);
    case 'image':
    case 'audio':
      return isString(value.data) && isString(value.mimeType);
    case 'resource':
      return (
        isString(value.uri) &&
        [value.mimeType, value.name, value.text].every(
          (field) => field === undefined || isString(field),
        )
      );
    default:
      return false;
  }
}

function isColumn(value: unknown): value is ResultColumn {
  return isRecord(value) && isString(value.name) && isString(value.type);
}

/** The chart spec when every field fits its type; undefined otherwise. */
export function checkedChartSpec(value: unknown): ChartSpec | undefined {
  if (!isRecord(value)) return undefined;
  const { kind, resultId, x, y, color, title, sort, rows } = value;
  const optionalText = [y, color, title].every((field) => field === undefined || isString(field));
  if (
    !CHART_KINDS.includes(kind as ChartSpec['kind']) ||
    !isString(x) ||
    !(resultId === undefined || isString(resultId)) ||
    !optionalText ||
    !(sort === undefined || BAR_ORDERS.includes(sort as NonNullable<ChartSpec['sort']>)) ||
    !isRowList(rows)
  )
    return undefined;
  return value as unknown as ChartSpec;
}

/** True when a current-shape value fits its kind's type in every field a view reads. */
function fitsItsKind(data: ToolResultData): boolean {
  const record = data as unknown as Record<string, unknown>;
  switch (data.kind) {
    case 'table':
      return (
        Array.isArray(record.columns) &&
        record.columns.every(isColumn) &&
        (record.rows === undefined || isRowList(record.rows)) &&
        isCount(record.totalRows) &&
        (record.resultId === undefined || isString(record.resultId)) &&
        (record.sql === undefined || isString(record.sql)) &&
        (record.truncated === undefined || typeof record.truncated === 'boolean')
      );
    case 'chart':
      return checkedChartSpec(record.chart) !== undefined;
    case 'mcp':
      return (
        Array.isArray(record.content) &&
        record.content.every(isContentPart) &&
        (record.structuredContent === undefined || isRecord(record.structuredContent))
      );
  }
}

/**
 * A call's stored data, read into the typed union (older shapes are upgraded first) and checked field by
 * field. Data that names a kind but does not fit it is `unreadable`; data no release drew is `none`.
 */
export function checkCallData(stored: unknown): CheckedCallData {
  if (stored === undefined || stored === null) return { kind: 'none' };
  const named = isCurrentResultData(stored);
  const data = upgradeResultData(stored);
  if (!data) return named ? { kind: 'unreadable' } : { kind: 'none' };
  return fitsItsKind(data) ? { kind: 'readable', data } : { kind: 'unreadable' };
}

// Results stored by older releases kept `data` in the shape each source gave it: an MCP envelope
// (`serverId`, `toolName`, `content`, `structuredContent`), `{ chart }`, bare rows under one of several
// spellings, or the cut text itself. This reads such a value once, on load, into the typed union.
import { asChartSpec } from './chart/chart-spec';
import { toContentPart } from './mcp-content-part';
import { isRecord, tableFromRecord } from './table-result-data';
import type { ToolResultData } from './tool';

const KINDS = new Set(['table', 'chart', 'mcp']);

/** Where older data nested a table: MCP structured content, or a wrapper around the result. */
const NESTED = ['structuredContent', 'structured', 'result', 'data'];

function findTable(value: unknown, depth: number): ToolResultData | undefined {
  if (!isRecord(value) || depth > 3) return undefined;
  const table = tableFromRecord(value);
  if (table) return table;
  for (const key of NESTED) {
    const nested = findTable(value[key], depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/** True when `data` already has the current shape (a known `kind`). */
export function isCurrentResultData(data: unknown): data is ToolResultData {
  return isRecord(data) && typeof data.kind === 'string' && KINDS.has(data.kind);
}

/**
 * The typed data of a stored value of any release; undefined for what the UI never drew (the cut text
 * a local tool returned, lists and states that were never rendered). Current data is returned as is;
 * rows a table held stay, since they may be the only copy an older release kept.
 */
export function upgradeResultData(data: unknown): ToolResultData | undefined {
  if (isCurrentResultData(data)) return data;
  if (!isRecord(data)) return undefined;
  const chart = asChartSpec(data.chart);
  if (chart) return { kind: 'chart', chart };
  const table = findTable(data, 0);
  if (table) return table;
  if (!Array.isArray(data.content) && !isRecord(data.structuredContent)) return undefined;
  const content = Array.isArray(data.content) ? data.content : [];
  return {
    kind: 'mcp',
    content: content.flatMap((block) => toContentPart(block) ?? []),
    ...(isRecord(data.structuredContent) ? { structuredContent: data.structuredContent } : {}),
  };
}

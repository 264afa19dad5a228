// The approval card's pre-flight from a SQL server itself: its `preflight_query` tool (the database's
// EXPLAIN, never run), which the page calls and never offers to the model. A server without one says so.
import { isRecord } from '../../tools/table-result-data';
import { PREFLIGHT_META_KEY, PREFLIGHT_TOOL_NAME } from '../sql-server/sql-tools';
import type { PreflightFunction, PreflightReport } from '../../data/preflight/preflight';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** True for the tool a server offers the page's card (marked in `_meta`), not the model. */
export function isPreflightTool(tool: McpTool): boolean {
  return tool.name === PREFLIGHT_TOOL_NAME && tool._meta?.[PREFLIGHT_META_KEY] === true;
}

/** What the card says for a server that offers no pre-flight. */
export const NO_PREFLIGHT_TEXT =
  'This server offers no pre-flight: the query is checked only when it runs.';

/** Calls a server's tool, as the hub does. */
export type CallServerTool = (
  toolName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<{ content: string; isError?: boolean; data?: unknown }>;

function rowsEstimate(value: unknown): PreflightReport['rows'] {
  return typeof value === 'number' && Number.isFinite(value)
    ? { bound: 'about', count: Math.max(0, Math.round(value)), unit: 'row' }
    : { bound: 'unknown' };
}

/** The report a server's `preflight_query` answer holds. */
export function preflightReportOf(result: {
  content: string;
  isError?: boolean;
  data?: unknown;
}): PreflightReport {
  const structured =
    isRecord(result.data) && isRecord(result.data.structuredContent)
      ? result.data.structuredContent
      : undefined;
  if (result.isError || !structured) return { parses: false, error: result.content };
  const dialect = typeof structured.dialect === 'string' ? structured.dialect : undefined;
  if (structured.parses !== true) {
    return {
      parses: false,
      error: typeof structured.error === 'string' ? structured.error : result.content,
      ...(dialect ? { dialect } : {}),
    };
  }
  const columns = Array.isArray(structured.columns)
    ? structured.columns.filter(isRecord).map((column) => ({
        name: String(column.name),
        type: String(column.type),
      }))
    : [];
  return {
    parses: true,
    columns,
    rows: rowsEstimate(structured.estimated_rows),
    ...(dialect ? { dialect } : {}),
  };
}

/** The pre-flight of a server that offers one, else one that says it offers none. */
export function createServerPreflight(offered: boolean, call: CallServerTool): PreflightFunction {
  if (!offered) return () => Promise.resolve({ parses: true, unavailable: NO_PREFLIGHT_TEXT });
  return async (sql, signal) =>
    preflightReportOf(await call(PREFLIGHT_TOOL_NAME, { sql_query: sql }, signal));
}

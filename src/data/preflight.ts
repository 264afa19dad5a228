// Pre-flight of SQL before the person approves it: does it parse, which columns, about how many rows.
// It runs before approval, so it must touch nothing the approval is for: a query that names a file or a
// URL is not checked at all (DuckDB would fetch it just to plan the query), an EXPLAIN (which may be
// EXPLAIN ANALYZE) is not checked, and the rest is only described and planned, never run.
import { externalReads } from '../sql/external-reads';
import { readOnlyRefusal } from '../sql/sql-guard';
import { isToken, tokenizeSql } from '../sql/sql-tokens';
import type { DataEngine } from './data-engine';

/** What the card shows before a query runs. */
export interface PreflightReport {
  parses: boolean;
  /** Why it does not parse, or why it could not be checked. */
  error?: string;
  columns?: { name: string; type: string }[];
  /** The planner's estimate for the query's result. */
  estimatedRows?: number;
}

/** Checks SQL without running it. */
export type PreflightFunction = (sql: string, signal: AbortSignal) => Promise<PreflightReport>;

function cleanSql(sql: string): string {
  return sql.trim().replace(/;+\s*$/, '');
}

/** The planner's row estimate from EXPLAIN's text: the first `~N rows` (the plan's top operator). */
export function estimatedRowsFromPlan(plan: string): number | undefined {
  const match = /~\s*([\d,._]+)\s*rows?/i.exec(plan);
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replace(/[,._]/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

function planText(rows: Record<string, unknown>[]): string {
  return rows.map((row) => Object.values(row).map(String).join('\n')).join('\n');
}

// Why the pre-flight leaves this SQL alone, before DuckDB sees any of it.
function notCheckedReason(query: string): string | undefined {
  const external = externalReads(query);
  if (external.length > 0) {
    return `Not checked before approval: the query reads ${external.join(', ')}`;
  }
  if (isToken(tokenizeSql(query)[0], 'EXPLAIN')) {
    return 'Not checked before approval: an EXPLAIN runs only once approved.';
  }
  return undefined;
}

/**
 * A pre-flight over a DataEngine: the read-only guard the SQL server uses, then DESCRIBE for the
 * columns and EXPLAIN for the estimate. Nothing runs, and nothing outside the loaded tables is read.
 */
export function createEnginePreflight(engine: DataEngine): PreflightFunction {
  const reader = engine.readStatements
    ? { readStatements: engine.readStatements.bind(engine) }
    : undefined;
  return async (sql, signal) => {
    const query = cleanSql(sql);
    const notChecked = notCheckedReason(query);
    if (notChecked !== undefined) return { parses: false, error: notChecked };
    const refusal = await readOnlyRefusal(query, reader);
    if (refusal !== undefined) return { parses: false, error: refusal };
    let columns: { name: string; type: string }[];
    try {
      const described = await engine.query(`DESCRIBE ${query}`, { signal, timeoutMs: 30_000 });
      columns = described.rows.map((row) => ({
        name: String(row.column_name ?? ''),
        type: String(row.column_type ?? ''),
      }));
    } catch (error) {
      return { parses: false, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      const explained = await engine.query(`EXPLAIN ${query}`, { signal, timeoutMs: 30_000 });
      const estimatedRows = estimatedRowsFromPlan(planText(explained.rows));
      return { parses: true, columns, ...(estimatedRows !== undefined ? { estimatedRows } : {}) };
    } catch {
      return { parses: true, columns };
    }
  };
}

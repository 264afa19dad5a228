// Pre-flight of SQL for the embedded server: does it parse, which columns, how many rows (EXPLAIN), unrun.
import type { DataEngine } from '../data/data-engine';

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

/** A pre-flight over a DataEngine: DESCRIBE for the columns, EXPLAIN for the estimate. Nothing runs. */
export function createEnginePreflight(engine: DataEngine): PreflightFunction {
  return async (sql, signal) => {
    const query = cleanSql(sql);
    if (
      !/^(with|select|from|values|table|summarize|describe|show|pivot|unpivot)\b/i.test(query) ||
      query.includes(';')
    ) {
      return {
        parses: false,
        error: 'Not checked: only a single read query is checked before it runs.',
      };
    }
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

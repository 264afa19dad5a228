// Pre-flight of SQL before the person approves it: does it parse, which columns, how many rows.
// It runs before approval, so it must touch nothing the approval is for: a query that names a file or a
// URL is not checked at all (DuckDB would fetch it just to plan the query), an EXPLAIN (which may be
// EXPLAIN ANALYZE) is not checked, and the rest is only described and planned, never run.
import { externalReads } from '../../sql/external-reads';
import { readOnlyRefusal } from '../../sql/sql-guard';
import { isToken, tokenizeSql } from '../../sql/sql-tokens';
import { isDuckDbErrorText, readableSqlError } from './readable-sql-error';
import {
  estimateFromPlan,
  groupsByColumns,
  outerLimit,
  planFromExplainRows,
  withLimit,
} from './row-estimate';
import type { DataEngine } from '../data-engine';
import type { RowEstimate } from './row-estimate';

export type { RowEstimate } from './row-estimate';

/** What the card shows before a query runs. */
export interface PreflightReport {
  parses: boolean;
  /** Why it does not parse, or why it could not be checked: one readable sentence. */
  error?: string;
  columns?: { name: string; type: string }[];
  /** The rows to expect, as far as they can be known before the query runs. */
  rows?: RowEstimate;
  /** Who checked it, when not the page's own DuckDB: the server's dialect (`PostgreSQL`). */
  dialect?: string;
  /** Why there is no check at all (a server that offers none): said instead of a report. */
  unavailable?: string;
}

/** Checks SQL without running it. */
export type PreflightFunction = (sql: string, signal: AbortSignal) => Promise<PreflightReport>;

function cleanSql(sql: string): string {
  return sql.trim().replace(/;+\s*$/, '');
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
    if (refusal !== undefined) {
      const error = isDuckDbErrorText(refusal) ? readableSqlError(refusal, query) : refusal;
      return { parses: false, error };
    }
    let columns: { name: string; type: string }[];
    try {
      const described = await engine.query(`DESCRIBE ${query}`, { signal, timeoutMs: 30_000 });
      columns = described.rows.map((row) => ({
        name: String(row.column_name ?? ''),
        type: String(row.column_type ?? ''),
      }));
    } catch (error) {
      return { parses: false, error: readableSqlError(error, query, 'DESCRIBE ') };
    }
    const limit = outerLimit(query);
    try {
      const explained = await engine.query(`EXPLAIN (FORMAT JSON) ${query}`, {
        signal,
        timeoutMs: 30_000,
      });
      const plan = planFromExplainRows(explained.rows);
      const estimate = plan ? estimateFromPlan(plan, groupsByColumns(query)) : undefined;
      const rows = withLimit(estimate ?? { bound: 'unknown' }, limit);
      return { parses: true, columns, rows };
    } catch {
      return { parses: true, columns, rows: withLimit({ bound: 'unknown' }, limit) };
    }
  };
}

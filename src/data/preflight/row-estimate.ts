// How many rows a query will return, said only as far as it can be known before it runs: a LIMIT
// bounds it, a plain aggregate returns one row, a scan of a whole table returns the table's rows, and
// a GROUP BY returns DuckDB's estimate of its groups when DuckDB read it from column statistics, and a
// join returns the planner's estimated cardinality, said as DuckDB's estimate (a person reading
// "unknown" for every join learned nothing). Filters and everything else are "unknown": the planner's
// guesses there were wrong by orders of magnitude (0 for LIMIT 10, 3,000,000 for a seven-month summary).
import { parseWithClause } from '../../sql/sql-statement';
import { isToken, parenDepths, splitStatements, tokenizeSql } from '../../sql/sql-tokens';

/**
 * Rows to expect: exactly, at most or about a count of rows or groups, the planner's estimate
 * (`estimated`: a join's cardinality, no bound), or unknown.
 */
export type RowEstimate =
  | { bound: 'exactly' | 'up to' | 'about' | 'estimated'; count: number; unit: 'row' | 'group' }
  | { bound: 'unknown' };

// DuckDB's join operators: their estimated cardinality is the planner's guess of the joined rows.
const joinOperator = /(?:_JOIN|^CROSS_PRODUCT)$/;

/** One operator of DuckDB's `EXPLAIN (FORMAT JSON)` plan. */
export interface PlanNode {
  name: string;
  extra_info?: Record<string, unknown>;
  children?: PlanNode[];
}

const UNKNOWN: RowEstimate = { bound: 'unknown' };

// Operators that pass their input's rows on, or fewer (the LIMIT itself is read from the SQL).
const passThrough = new Set([
  'PROJECTION',
  'ORDER_BY',
  'STREAMING_LIMIT',
  'LIMIT',
  'TOP_N',
  'RESULT_COLLECTOR',
]);

/** The LIMIT of the query's outermost SELECT, when it is a plain number. */
export function outerLimit(sql: string): number | undefined {
  const statement = splitStatements(tokenizeSql(sql))[0];
  if (!statement) return undefined;
  const depths = parenDepths(statement);
  const start = isToken(statement[0], 'WITH') ? parseWithClause(statement, 0).end : 0;
  let limit: number | undefined;
  for (let index = start; index < statement.length; index += 1) {
    if (depths[index] !== 0 || !isToken(statement[index], 'LIMIT')) continue;
    const value = statement[index + 1];
    const after = statement[index + 2];
    const percent = after?.kind === 'operator' && after.text === '%';
    limit = value?.kind === 'number' && !percent ? Number(value.text.replace(/_/g, '')) : undefined;
  }
  return limit !== undefined && Number.isInteger(limit) && limit >= 0 ? limit : undefined;
}

function cardinality(node: PlanNode | undefined): number | undefined {
  const value = node?.extra_info?.['Estimated Cardinality'];
  const count = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(count) ? count : undefined;
}

// DuckDB fetches the other columns of a top-N by joining the table to itself on rowid: same rows.
function isLateMaterialisation(node: PlanNode): boolean {
  const info = node.extra_info ?? {};
  return info['Join Type'] === 'SEMI' && String(info.Conditions).trim() === 'rowid = rowid';
}

/** True when the outermost GROUP BY lists only columns (not `GROUP BY 1`, ALL or expressions). */
export function groupsByColumns(sql: string): boolean {
  const statement = splitStatements(tokenizeSql(sql))[0] ?? [];
  const depths = parenDepths(statement);
  const start = isToken(statement[0], 'WITH') ? parseWithClause(statement, 0).end : 0;
  for (let index = start; index < statement.length - 1; index += 1) {
    if (depths[index] !== 0 || !isToken(statement[index], 'GROUP')) continue;
    if (!isToken(statement[index + 1], 'BY')) continue;
    let expectName = true;
    for (let cursor = index + 2; cursor < statement.length; cursor += 1) {
      const token = statement[cursor];
      if (!token || depths[cursor] !== 0) return false;
      if (
        ['HAVING', 'ORDER', 'LIMIT', 'QUALIFY', 'WINDOW', 'OFFSET'].some((word) =>
          isToken(token, word),
        )
      )
        break;
      const name =
        (token.kind === 'word' && token.value !== 'ALL') || token.kind === 'quoted-identifier';
      if (expectName ? !name : !isToken(token, ',') && !isToken(token, '.')) return false;
      expectName = !expectName;
    }
    return !expectName;
  }
  return false;
}

// How the rows under a GROUP BY are read: from one table scan through operators that keep or drop rows
// (`plain`, or `filtered` when a filter drops some), so its estimate came from that table's column
// statistics; or undefined for a join, a union or anything else, where it rests on the planner's guess.
function scanBelow(node: PlanNode | undefined): 'plain' | 'filtered' | undefined {
  let filtered = false;
  while (node) {
    const name = node.name.trim().toUpperCase();
    if (name === 'SEQ_SCAN' || name === 'TABLE_SCAN') {
      return filtered || node.extra_info?.Filters !== undefined ? 'filtered' : 'plain';
    }
    if (name === 'HASH_JOIN' && isLateMaterialisation(node)) {
      node = node.children?.[0];
      continue;
    }
    if ((node.children?.length ?? 0) !== 1) return undefined;
    if (name === 'FILTER') filtered = true;
    else if (!passThrough.has(name)) return undefined;
    node = node.children?.[0];
  }
  return undefined;
}

/** What the plan's shape says about the rows, LIMIT aside. `byColumns`: see `groupsByColumns`. */
export function estimateFromPlan(plan: PlanNode[], byColumns = false): RowEstimate {
  let node = plan[0];
  let filtered = false;
  let narrowed = false;
  while (node) {
    const name = node.name.trim().toUpperCase();
    const child: PlanNode | undefined = node.children?.[0];
    if (passThrough.has(name)) {
      // A LIMIT inside the query (in a CTE or subquery) leaves fewer rows than the scan below it.
      if (name.includes('LIMIT') || name === 'TOP_N') narrowed = true;
      node = child;
      continue;
    }
    if (name === 'COLUMN_DATA_SCAN') {
      // Rows DuckDB already holds (VALUES, or an aggregate answered from statistics): counted exactly.
      const count = cardinality(node);
      if (count === undefined) return UNKNOWN;
      return { bound: filtered || narrowed ? 'up to' : 'exactly', count, unit: 'row' };
    }
    if (name === 'FILTER') {
      filtered = true;
      node = child;
      continue;
    }
    if (name === 'UNGROUPED_AGGREGATE' || name === 'SIMPLE_AGGREGATE') {
      return { bound: filtered || narrowed ? 'up to' : 'exactly', count: 1, unit: 'row' };
    }
    if (name.endsWith('GROUP_BY')) {
      const groups = cardinality(node);
      const input = cardinality(child);
      // Fewer groups than input rows means DuckDB counted distinct values; otherwise it copied the
      // input's count, which says nothing about the groups.
      // Only grouping by columns reads those statistics; an expression gets a fraction of the input.
      // Over a join the planner guessed the input, and the groups with it ("about 812" for 50 states).
      if (!byColumns || groups === undefined || input === undefined || groups >= input)
        return UNKNOWN;
      const below = scanBelow(child);
      if (below === undefined) return UNKNOWN;
      const fewer = filtered || narrowed || below === 'filtered';
      return { bound: fewer ? 'up to' : 'about', count: groups, unit: 'group' };
    }
    if (name === 'HASH_JOIN' && isLateMaterialisation(node)) {
      node = child;
      continue;
    }
    if (name === 'SEQ_SCAN' || name === 'TABLE_SCAN') {
      const count = cardinality(node);
      // A scan with a filter carries the planner's guess; without one, the table's own row count.
      if (node.extra_info?.Filters !== undefined || count === undefined) return UNKNOWN;
      return { bound: filtered || narrowed ? 'up to' : 'exactly', count, unit: 'row' };
    }
    if (joinOperator.test(name)) {
      // The join's own estimate, said as DuckDB's; a filter or LIMIT above it leaves that unknown.
      const count = cardinality(node);
      if (filtered || narrowed || count === undefined) return UNKNOWN;
      return { bound: 'estimated', count, unit: 'row' };
    }
    return UNKNOWN;
  }
  return UNKNOWN;
}

/** The estimate once the query's LIMIT is applied. */
export function withLimit(estimate: RowEstimate, limit: number | undefined): RowEstimate {
  if (limit === undefined) return estimate;
  if (estimate.bound === 'unknown' || estimate.count > limit) {
    return { bound: 'up to', count: limit, unit: 'row' };
  }
  return estimate;
}

/** Reads the plan out of `EXPLAIN (FORMAT JSON)`'s rows; undefined when there is none to read. */
export function planFromExplainRows(rows: Record<string, unknown>[]): PlanNode[] | undefined {
  for (const row of rows) {
    const value = row.explain_value;
    if (typeof value !== 'string') continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed as PlanNode[];
    } catch {
      // Not JSON: an engine that ignores FORMAT JSON; the shape cannot be read.
    }
  }
  return undefined;
}

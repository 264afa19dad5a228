// Reads SQL well enough to tell a person what it will do: which tables it reads, what it changes, and the
// shape of the query. It is a description, not a parser: unknown syntax degrades to fewer details.
import { describeModification } from './describe-modification';
import { isFileFunction } from './external-reads';
import { modifyingIndex, parseWithClause, statementVerb } from './sql-statement';
import { isToken, matchingParen, parenDepths, splitStatements, tokenizeSql } from './sql-tokens';
import type { SqlToken } from './sql-tokens';

/** Query shapes, in the order they are reported. */
export const SQL_FEATURES = [
  'joins',
  'filters',
  'aggregates',
  'groups',
  'orders',
  'limits',
] as const;

/** One query shape. */
export type SqlFeature = (typeof SQL_FEATURES)[number];

/** What a piece of SQL does, in the terms the approval card uses. */
export interface SqlSummary {
  statementCount: number;
  /** Tables, views and files read (files and URLs whole, as written), in order; CTE names excluded. */
  tables: string[];
  /** One label per statement that changes data or state, e.g. `INSERT INTO archive`. */
  modifications: string[];
  features: Set<SqlFeature>;
}

const aggregateFunctions = new Set(
  (
    'COUNT SUM AVG MEAN MIN MAX MEDIAN MODE STDDEV STDDEV_POP STDDEV_SAMP VARIANCE VAR_POP VAR_SAMP ' +
    'STRING_AGG GROUP_CONCAT LISTAGG ARRAY_AGG LIST HISTOGRAM APPROX_COUNT_DISTINCT APPROX_QUANTILE ' +
    'QUANTILE QUANTILE_CONT QUANTILE_DISC PERCENTILE_CONT PERCENTILE_DISC ANY_VALUE ARBITRARY FIRST ' +
    'LAST ARG_MAX ARG_MIN ARGMAX ARGMIN MAX_BY MIN_BY BOOL_AND BOOL_OR EVERY BIT_AND BIT_OR BIT_XOR ' +
    'CORR COVAR_POP COVAR_SAMP ENTROPY KURTOSIS SKEWNESS PRODUCT FSUM SUMKAHAN FAVG COUNT_IF ' +
    'REGR_SLOPE REGR_INTERCEPT ST_UNION_AGG ST_EXTENT_AGG ST_COLLECT ST_EXTENT'
  ).split(' '),
);

// Words that end a table reference: what follows is a clause, not an alias.
const clauseWords = new Set(
  (
    'WHERE GROUP ORDER LIMIT OFFSET FETCH HAVING QUALIFY WINDOW JOIN LEFT RIGHT INNER OUTER FULL ' +
    'CROSS NATURAL POSITIONAL ASOF ANTI SEMI ON USING UNION EXCEPT INTERSECT SELECT SET RETURNING ' +
    'TABLESAMPLE SAMPLE PIVOT UNPIVOT LATERAL WITH FOR FROM VALUES TO INTO BY AS WHEN THEN ELSE END'
  ).split(' '),
);

// Verbs followed directly by the table they read: SUMMARIZE quakes, DESCRIBE quakes, TABLE quakes.
const tableVerbs = new Set(['SUMMARIZE', 'DESCRIBE', 'DESC', 'TABLE', 'PIVOT', 'UNPIVOT']);

const queryStarts = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE', 'SUMMARIZE', 'DESCRIBE']);

/** Summarises SQL: tables read, statements that modify, and query shapes, across all statements. */
export function summarizeSql(sql: string): SqlSummary {
  const statements = splitStatements(tokenizeSql(sql));
  const summary: SqlSummary = {
    statementCount: statements.length,
    tables: [],
    modifications: [],
    features: new Set(),
  };
  for (const statement of statements) summarizeStatement(statement, summary);
  return summary;
}

function summarizeStatement(statement: SqlToken[], summary: SqlSummary): void {
  const verb = statementVerb(statement);
  const modifying = modifyingIndex(statement);
  if (modifying !== undefined) {
    const label = describeModification(statement, modifying);
    summary.modifications.push(isToken(statement[modifying], 'INTO') ? `SELECT ${label}` : label);
  }
  const cteNames = new Set<string>();
  statement.forEach((token, index) => {
    if (isToken(token, 'WITH')) {
      for (const name of parseWithClause(statement, index).names) cteNames.add(name.toUpperCase());
    }
  });
  const addTable = (name: string): void => {
    if (!summary.tables.includes(name)) summary.tables.push(name);
  };
  const inQuery = queryContexts(statement);
  if (verb.keyword !== undefined && tableVerbs.has(verb.keyword)) {
    readTableReference(statement, verb.index + 1, cteNames, addTable);
  }
  statement.forEach((token, index) => {
    if (token.kind !== 'word') return;
    const previous = statement[index - 1];
    const next = statement[index + 1];
    const atQueryLevel = inQuery[index] === true;
    switch (token.value) {
      case 'FROM': {
        if (!atQueryLevel || isDistinctFrom(statement, index)) return;
        if (isToken(previous, 'DELETE')) return;
        if (verb.keyword === 'COPY' && parenDepths(statement)[index] === 0) return;
        const count = readTableList(statement, index + 1, cteNames, addTable);
        if (count > 1) summary.features.add('joins');
        return;
      }
      case 'JOIN':
        summary.features.add('joins');
        readTableReference(statement, index + 1, cteNames, addTable);
        return;
      case 'USING':
        // MERGE INTO t USING s and DELETE FROM t USING s read s; JOIN ... USING (column) names columns.
        if ((verb.keyword === 'MERGE' || verb.keyword === 'DELETE') && !isToken(next, '(')) {
          readTableReference(statement, index + 1, cteNames, addTable);
        }
        return;
      case 'WHERE':
      case 'HAVING':
      case 'QUALIFY':
        if (atQueryLevel) summary.features.add('filters');
        return;
      case 'GROUP':
        if (atQueryLevel && isToken(next, 'BY')) summary.features.add('groups');
        return;
      case 'ORDER':
        if (atQueryLevel && isToken(next, 'BY')) summary.features.add('orders');
        return;
      case 'LIMIT':
        if (atQueryLevel) summary.features.add('limits');
        return;
      case 'FETCH':
        if (atQueryLevel && (isToken(next, 'FIRST') || isToken(next, 'NEXT'))) {
          summary.features.add('limits');
        }
        return;
      default:
        if (
          aggregateFunctions.has(token.value) &&
          isToken(next, '(') &&
          !isToken(previous, '.') &&
          !isWindowCall(statement, index + 1)
        ) {
          summary.features.add('aggregates');
        }
    }
  });
}

// For each token: is it at the statement's own level or directly inside a subquery (not inside a
// function's arguments or a window definition), where FROM, WHERE and ORDER BY mean what they say?
function queryContexts(statement: readonly SqlToken[]): boolean[] {
  const contexts: boolean[] = [];
  const stack: boolean[] = [true];
  statement.forEach((token, index) => {
    if (isToken(token, ')')) {
      if (stack.length > 1) stack.pop();
      contexts.push(stack[stack.length - 1] === true);
      return;
    }
    contexts.push(stack[stack.length - 1] === true);
    if (isToken(token, '(')) {
      const first = statement[index + 1];
      const opener = statement[index - 1];
      const isQuery =
        (first?.kind === 'word' && queryStarts.has(first.value)) ||
        isToken(first, '(') ||
        isToken(opener, 'FROM') ||
        isToken(opener, 'JOIN');
      stack.push(isQuery);
    }
  });
  return contexts;
}

// `a IS [NOT] DISTINCT FROM b` compares values; it reads no table.
function isDistinctFrom(statement: readonly SqlToken[], index: number): boolean {
  if (!isToken(statement[index - 1], 'DISTINCT')) return false;
  return isToken(statement[index - 2], 'IS') || isToken(statement[index - 2], 'NOT');
}

// `sum(x) OVER (...)` and `count(*) FILTER (WHERE ...) OVER w` are window functions, not aggregation.
function isWindowCall(statement: readonly SqlToken[], open: number): boolean {
  let after = matchingParen(statement, open) + 1;
  if (isToken(statement[after], 'FILTER') && isToken(statement[after + 1], '(')) {
    after = matchingParen(statement, after + 1) + 1;
  }
  return isToken(statement[after], 'OVER');
}

// Reads `a [AS x], b, read_parquet('...') y` and reports each source; returns how many there were.
function readTableList(
  statement: readonly SqlToken[],
  start: number,
  cteNames: ReadonlySet<string>,
  addTable: (name: string) => void,
): number {
  let count = 0;
  let index = start;
  for (;;) {
    const end = readTableReference(statement, index, cteNames, addTable);
    if (end === index) return count;
    count += 1;
    if (!isToken(statement[end], ',')) return count;
    index = end + 1;
  }
}

// Reads one table reference at `start` and returns the index just past it and its alias.
function readTableReference(
  statement: readonly SqlToken[],
  start: number,
  cteNames: ReadonlySet<string>,
  addTable: (name: string) => void,
): number {
  let index = start;
  while (isToken(statement[index], 'LATERAL') || isToken(statement[index], 'ONLY')) index += 1;
  const token = statement[index];
  if (token === undefined) return start;
  if (isToken(token, '(')) {
    const close = matchingParen(statement, index);
    const first = statement[index + 1];
    // A parenthesised join tree, not a subquery: its first table is read here, the rest by JOIN.
    if (!(first?.kind === 'word' && queryStarts.has(first.value))) {
      readTableReference(statement, index + 1, cteNames, addTable);
    }
    return skipAlias(statement, close + 1);
  }
  if (token.kind === 'string') {
    addTable(token.value);
    return skipAlias(statement, index + 1);
  }
  if (token.kind !== 'word' && token.kind !== 'quoted-identifier') return start;
  if (token.kind === 'word' && clauseWords.has(token.value)) return start;
  if (isToken(statement[index + 1], '(')) {
    const close = matchingParen(statement, index + 1);
    readTableFunction(statement, index, close, addTable);
    return skipAlias(statement, close + 1);
  }
  const parts = [token];
  let cursor = index + 1;
  while (isToken(statement[cursor], '.')) {
    const part = statement[cursor + 1];
    if (part === undefined || (part.kind !== 'word' && part.kind !== 'quoted-identifier')) break;
    parts.push(part);
    cursor += 2;
  }
  const name = parts.map((part) => (part.kind === 'word' ? part.text : part.value)).join('.');
  if (!(parts.length === 1 && cteNames.has(token.value.toUpperCase()))) addTable(name);
  return skipAlias(statement, cursor);
}

function readTableFunction(
  statement: readonly SqlToken[],
  nameIndex: number,
  close: number,
  addTable: (name: string) => void,
): void {
  const nameToken = statement[nameIndex] as SqlToken;
  if (!isFileFunction(nameToken.value)) {
    addTable(`${nameToken.text}()`);
    return;
  }
  // Only the first argument names files; later ones are options such as delim = ','.
  let depth = 0;
  for (let index = nameIndex + 2; index < close; index += 1) {
    const token = statement[index] as SqlToken;
    if (isToken(token, '(') || isToken(token, '[')) depth += 1;
    if (isToken(token, ')') || isToken(token, ']')) depth -= 1;
    if (depth === 0 && isToken(token, ',')) return;
    if (token.kind === 'string') addTable(token.value);
  }
}

function skipAlias(statement: readonly SqlToken[], start: number): number {
  let index = start;
  const hasAs = isToken(statement[index], 'AS');
  if (hasAs) index += 1;
  const alias = statement[index];
  const isAlias =
    alias !== undefined &&
    (alias.kind === 'quoted-identifier' ||
      (alias.kind === 'word' && (hasAs || !clauseWords.has(alias.value))));
  if (!isAlias) return start;
  index += 1;
  if (isToken(statement[index], '(')) index = matchingParen(statement, index) + 1;
  return index;
}

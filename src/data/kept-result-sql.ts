// The SQL of a result kept whole in the engine: the table it is kept in, and a page of it in the order
// and with the filter a person chose. Every name reaches SQL through quoteIdentifier and the filter
// text through quoteLiteral; the person's query is only ever the tail of CREATE TABLE … AS, so nothing
// of it (a trailing comment, a semicolon) can reach the SQL written around it.
import { quoteIdentifier, quoteLiteral } from './sql-identifier';

/** The schema the engine keeps whole results in, apart from the tables a person queries. */
export const KEPT_RESULTS_SCHEMA = 'mapwright_results';

/** How a person arranged a kept result: one sorted column, and text every shown row contains. */
export interface ResultView {
  sort?: { column: string; descending: boolean };
  /** Rows whose cells (any of them, as text, ignoring case) contain it; blank for every row. */
  filter?: string;
}

/** The qualified name of the table a result is kept in. */
export function keptResultTable(resultId: string): string {
  return `${quoteIdentifier(KEPT_RESULTS_SCHEMA)}.${quoteIdentifier(resultId)}`;
}

/**
 * Keeps the result of `sql` (one statement, already checked) as a table. A statement that is not a
 * query (EXPLAIN, SHOW, a write) is refused here by DuckDB's parser, and the engine runs it as it is.
 */
export function keepResultSql(resultId: string, sql: string): string {
  return `CREATE TABLE ${keptResultTable(resultId)} AS\n${sql}`;
}

function filterCondition(columns: readonly string[], filter: string | undefined): string {
  const text = filter?.trim().toLowerCase();
  if (!text || columns.length === 0) return '';
  const needle = quoteLiteral(text);
  const tests = columns.map(
    (column) => `contains(lower(CAST(${quoteIdentifier(column)} AS VARCHAR)), ${needle})`,
  );
  return `WHERE ${tests.join(' OR ')}`;
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number of rows, not ${value}.`);
  return value;
}

/**
 * Rows `offset` to `offset + limit` of a kept result in the view's order. Ties (and an unsorted view)
 * keep the query's own order (the table's rowid), so pages never overlap or skip a row. Unsorted and
 * unfiltered, a page reads only its own rows.
 */
export function resultPageSql(
  resultId: string,
  columns: readonly string[],
  view: ResultView,
  offset: number,
  limit: number,
): string {
  const start = wholeNumber(offset, 'offset');
  const count = wholeNumber(limit, 'limit');
  const table = keptResultTable(resultId);
  const where = filterCondition(columns, view.filter);
  const sort = view.sort;
  if (sort && !columns.includes(sort.column))
    throw new Error(`The result has no column "${sort.column}" to sort by.`);
  if (!sort && !where)
    return `SELECT * FROM ${table} WHERE rowid >= ${start} AND rowid < ${start + count} ORDER BY rowid`;
  const order = sort
    ? `${quoteIdentifier(sort.column)} ${sort.descending ? 'DESC' : 'ASC'} NULLS LAST, rowid`
    : 'rowid';
  return `SELECT * FROM ${table}${where ? ` ${where}` : ''} ORDER BY ${order} LIMIT ${count} OFFSET ${start}`;
}

/** The number of rows of a kept result the view's filter lets through. */
export function resultCountSql(
  resultId: string,
  columns: readonly string[],
  view: ResultView,
): string {
  const where = filterCondition(columns, view.filter);
  return `SELECT count(*) AS n FROM ${keptResultTable(resultId)}${where ? ` ${where}` : ''}`;
}

// Rows travel one way: a table with a result id goes whole into the ResultStore (map and chart tools
// and the table view read it there, and the conversation stores it beside its document), and the
// result's data keeps only its columns and total. Any other table keeps its rows, bounded.
import { withoutRows, withRowsBounded } from '../../tools/table-result-data';
import type { ResultStore } from '../../tools/result-store';
import type { TableResultData } from '../../tools/tool';

/** Puts a server's table in the store when it has a result id; returns what the result keeps of it. */
export function keepTableResult(
  store: ResultStore | undefined,
  serverId: string,
  table: TableResultData,
): TableResultData {
  if (!store || table.resultId === undefined || !table.rows) return withRowsBounded(table);
  store.put({
    resultId: table.resultId,
    serverId,
    ...(table.sql !== undefined ? { sql: table.sql } : {}),
    columns: table.columns,
    rows: table.rows,
    totalRows: table.totalRows,
  });
  return withoutRows(table);
}

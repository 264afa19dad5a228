// Every row of a result of the page's own SQL server, for its table: the engine keeps the whole result
// under its result id while the page is open, and answers pages of it, masked like the stored rows.
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { resolveTableData, type TableData } from './result-data';
import type { DataEngine } from '../data/data-engine';
import type { ResultStore } from '../tools/result-store';
import type { ResultRowSource } from './result-row-source';

/** Pages of a result the engine still keeps; undefined when it keeps none under this id. */
export function keptResultSource(
  engine: DataEngine | undefined,
  resultStore: ResultStore,
  resultId: string,
): ResultRowSource | undefined {
  const stored = resultStore.get(resultId);
  const read = engine?.keptResultPage?.bind(engine);
  if (
    !stored ||
    stored.serverId !== EMBEDDED_SERVER_ID ||
    !read ||
    !engine?.hasKeptResult?.(resultId)
  )
    return undefined;
  return {
    async page(view, offset, limit) {
      const page = await read(resultId, { view, offset, limit });
      return { rows: resultStore.maskRows(stored, page.rows), totalRows: page.totalRows };
    },
  };
}

/**
 * Reads a result's data as the table to show: its rows from the result store, and every row from
 * `keptSource` while the engine keeps the result.
 */
export function tableResolver(
  resultStore: ResultStore,
  keptSource: (resultId: string) => ResultRowSource | undefined,
): (data: unknown) => TableData | undefined {
  return (data) => resolveTableData(data, (resultId) => resultStore.get(resultId), keptSource);
}

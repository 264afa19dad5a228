// A hub connected to the SQL server over the SDK's in-memory pair, backed by native DuckDB.
import { resolve } from 'node:path';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { McpHub, createSqlServer, type SqlServerOptions } from '../../src/mcp';
import { ResultStore } from '../../src/tools/result-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { McpStatusEvent } from '../../src/mcp';

/** vega-datasets' data folder. */
export const datasets = resolve('node_modules/vega-datasets/data');

/** A query that runs for minutes unless stopped. */
export const slowSql =
  'SELECT sum(a.range * b.range) AS total FROM range(300000) a, range(300000) b';

/** Everything a hub test needs, with airports loaded. */
export async function startSqlHub(serverOptions: Partial<SqlServerOptions> = {}) {
  const engine = new DuckDbNodeEngine();
  await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
  const warnings: string[] = [];
  const statuses: McpStatusEvent[] = [];
  const registry = new ToolRegistry({ onWarning: (message) => warnings.push(message) });
  const resultStore = new ResultStore();
  const hub = new McpHub({
    registry,
    resultStore,
    onWarning: (message) => warnings.push(message),
  });
  hub.onStatus((event) => statuses.push(event));
  hub.addServer({ id: 'embedded', transport: 'embedded' }, () =>
    createSqlServer({ engine, ...serverOptions }),
  );
  await hub.connect('embedded');
  return {
    engine,
    hub,
    registry,
    resultStore,
    warnings,
    statuses,
    close: async () => {
      await hub.close();
      await engine.close();
    },
  };
}

// A page with only the WASM data engine and the embedded SQL server, for browser tests and the benchmark.
import { DuckDbWasmEngine } from '../../../src/data/duckdb/duckdb-wasm-engine';
import { LazyDataEngine } from '../../../src/data/lazy-data-engine';
import { createSqlServer, McpHub } from '../../../src/mcp';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';

/** What the page exposes to the test driving it. */
export interface WasmPageApi {
  createEngine(): DuckDbWasmEngine;
  createHub(engine: LazyDataEngine): Promise<{ hub: McpHub; registry: ToolRegistry }>;
  LazyDataEngine: typeof LazyDataEngine;
}

declare global {
  interface Window {
    wasmPage?: WasmPageApi;
  }
}

window.wasmPage = {
  createEngine: () => new DuckDbWasmEngine(),
  createHub: async (engine) => {
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry, resultStore: new ResultStore() });
    hub.addServer({ id: 'embedded', transport: 'embedded' }, () => createSqlServer({ engine }));
    await hub.connect('embedded');
    return { hub, registry };
  },
  LazyDataEngine,
};
document.body.dataset.ready = 'true';

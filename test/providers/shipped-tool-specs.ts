// The tool specs a model is offered, built the way the app builds them: the local map tools, render_chart,
// the embedded SQL server's tools and a third-party MCP server's (the reference server-everything), both
// through the McpHub and an in-memory transport, all in one ToolRegistry.
import { catalogEntryFromConfig, DatasetCatalog, defaultAppConfig } from '../../src/config';
import { createSqlServer, McpHub } from '../../src/mcp';
import { FakeMap } from '../../src/testing/fake-map';
import { createRenderChartTool } from '../../src/tools/chart/render-chart';
import { createMapTools } from '../../src/tools/map/create-map-tools';
import { ResultStore } from '../../src/tools/result-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { DataEngine } from '../../src/data/data-engine';
import type { ToolSpec } from '../../src/tools/tool';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** The part of server-everything's server factory used here (the package ships no type declarations). */
interface EverythingServerModule {
  createServer(): { server: McpServer; cleanup: () => void };
}

const everythingServerModule = '@modelcontextprotocol/server-everything/dist/server/index.js';

/** Every tool spec of a page with the bundled data and server-everything connected. */
export async function shippedToolSpecs(): Promise<ToolSpec[]> {
  const registry = new ToolRegistry();
  const resultStore = new ResultStore();
  const map = new FakeMap();
  const catalog = new DatasetCatalog(
    defaultAppConfig().datasets.map((dataset) => catalogEntryFromConfig(dataset, dataset.id)),
  );
  // Listing tools never touches the engine.
  const engine = {} as DataEngine;
  for (const tool of createMapTools({ map, catalog, resultStore, engine: async () => engine })) {
    registry.register(tool);
  }
  registry.register(createRenderChartTool(resultStore));
  const hub = new McpHub({ registry, resultStore });
  hub.addServer({ id: 'embedded', transport: 'embedded' }, () =>
    createSqlServer({ engine, name: 'mapwright-embedded' }),
  );
  const everything = (await import(
    /* @vite-ignore */ everythingServerModule
  )) as EverythingServerModule;
  const cleanups: (() => void)[] = [];
  hub.addServer({ id: 'everything', transport: 'embedded' }, () => {
    const { server, cleanup } = everything.createServer();
    cleanups.push(cleanup);
    return server.server;
  });
  try {
    await hub.connect('embedded');
    await hub.connect('everything');
    return registry.specs().map((spec) => structuredClone(spec));
  } finally {
    await hub.close();
    for (const cleanup of cleanups) cleanup();
  }
}

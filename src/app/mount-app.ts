// The composition root: the only module that wires config, data, map, MCP, agent and UI together.
// Each part is started by a helper in src/app so this file reads as the order things start in.
import {
  buildSystemPrompt,
  catalogEntryFromConfig,
  DatasetCatalog,
  loadAppConfig,
  validateAppConfig,
} from '../config';
import { createMapTools } from '../tools/map/create-map-tools';
import { ResultStore } from '../tools/result-store';
import { ToolRegistry } from '../tools/tool-registry';
import { loadSystemPromptText } from './load-system-prompt';
import { NoticeBanner } from './notice-banner';
import { startMap } from './start-map';
import { mountUploadControl } from './upload-control';
import { uploadDataset } from './upload-dataset';
import type { ValidatedConfig } from '../config';
import type { TableSource } from '../data/data-engine';
import type { MapwrightHandle } from './app-handle';
import type { StartedData } from './data-wiring';

/** How the app is mounted. */
export interface MountOptions {
  /** Where app-config.json lives, relative to the page. */
  configUrl: string;
  /** A config object to use instead of fetching `configUrl` (for embedders); validated the same way. */
  config?: unknown;
}

/** A mounted app. */
export interface MountedApp {
  handle: MapwrightHandle;
  destroy(): void;
}

/** Mounts Mapwright into an element that holds the `#map` and `#chat` areas. */
export async function mountApp(element: HTMLElement, options: MountOptions): Promise<MountedApp> {
  element.dataset.configUrl = options.configUrl;
  const mapContainer = element.querySelector<HTMLElement>('#map') ?? element;
  const banner = new NoticeBanner(mapContainer);

  const [{ config, problems }, promptText]: [ValidatedConfig, string] = await Promise.all([
    options.config === undefined
      ? loadAppConfig(options.configUrl)
      : Promise.resolve(validateAppConfig(options.config)),
    loadSystemPromptText(),
  ]);
  performance.mark('mapwright:config');
  banner.addConfigProblems(problems);
  document.title = config.title;

  const registry = new ToolRegistry({ defaultTimeoutMs: config.limits.toolTimeoutMs });
  const resultStore = new ResultStore();
  const { controller, layerIds } = await startMap(mapContainer, config, (message) =>
    banner.add(message),
  );
  performance.mark('mapwright:layers');
  const catalog = new DatasetCatalog(
    config.datasets.map((dataset) => catalogEntryFromConfig(dataset, layerIds.get(dataset.id))),
  );

  // DuckDB and the MCP SDK load lazily: the map above never waits for them.
  const tables: TableSource[] = config.datasets.map((dataset) => ({
    table: dataset.table,
    format: dataset.source.format,
    url: new URL(dataset.source.url, document.baseURI).href,
  }));
  const handle: MapwrightHandle = {
    config,
    configProblems: problems,
    map: controller,
    registry,
    resultStore,
    catalog,
    systemPrompt: () => buildSystemPrompt({ basePrompt: promptText, datasets: catalog.list() }),
    data: Promise.resolve(undefined),
    upload: (file) =>
      uploadDataset(file, {
        map: controller,
        catalog,
        engine,
        maxBytes: config.limits.uploadMaxBytes,
      }),
  };
  // The map boots first: DuckDB, the MCP SDK and the chat load once it has drawn (two cores are easily
  // saturated), so boot_to_map_idle_ms measures the map alone.
  const mapDrawn = Promise.race([
    controller ? controller.firstIdle : Promise.resolve(),
    new Promise<void>((resolve) => setTimeout(resolve, 10_000)),
  ]);
  handle.data = mapDrawn
    .then(() => import('./data-wiring'))
    .then(({ startData }) =>
      startData({
        datasets: tables,
        mcpServers: config.mcpServers,
        registry,
        resultStore,
        onWarning: (message) => banner.add(message),
      }),
    )
    .then((started: StartedData) => {
      handle.engine = started.engine;
      handle.hub = started.hub;
      return started;
    })
    .catch((error: unknown) => {
      banner.add(
        `The data engine could not start (${error instanceof Error ? error.message : String(error)}); map tools still work.`,
      );
      return undefined;
    });
  const engine = async () => (await handle.data)?.engine;

  if (controller) {
    for (const tool of createMapTools({ map: controller, catalog, resultStore, engine }))
      registry.register(tool);
    void controller.firstIdle.then(() => {
      performance.mark('mapwright:map-idle');
      element.dataset.mapIdle = 'true';
    });
  }
  mountUploadControl(mapContainer, handle.upload, (outcome) =>
    banner.add(outcome.message, 'upload'),
  );

  // The chat (engineer F's src/app/chat-wiring.ts) loads lazily, like the data side.
  const chatElement = element.querySelector<HTMLElement>('#chat');
  if (chatElement) {
    void mapDrawn
      .then(() => import('./chat-wiring'))
      .then(({ mountChat }) =>
        mountChat({
          element: chatElement,
          config,
          registry,
          resultStore,
          systemPrompt: () => handle.systemPrompt(),
          data: handle.data,
        }),
      )
      .catch((error: unknown) =>
        banner.add(
          `The chat could not start: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
  window.mapwright = handle;
  element.dataset.ready = 'true';
  return {
    handle,
    destroy: () => {
      controller?.destroy();
      void handle.data.then((started) => started?.hub.close());
      element.replaceChildren();
    },
  };
}

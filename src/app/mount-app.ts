// The composition root: the only module that wires config, data, map, MCP, agent and UI together.
// Each part is a piece of its own in src/app, so this file reads as the order things start in.
import { catalogEntryFromConfig, DatasetCatalog } from '../config';
import { pageStorageScope } from '../storage/storage-scope';
import { MountedPieces } from '../ui/mounted';
import { createAppHandle, type MapwrightHandle } from './app-handle';
import { mountAppShell } from './app-shell';
import { startChatSide } from './chat-side';
import { startDataSide } from './data-side';
import { loadMountConfig } from './load-mount-config';
import { loadSystemPrompt } from './load-system-prompt';
import { mountMapOverlay } from './map-overlay';
import { startMapSide } from './map-side';
import { createToolState } from './tool-state';
import type { MountOptions } from './mount-options';

export type { MountOptions } from './mount-options';

/** A mounted app. */
export interface MountedApp {
  handle: MapwrightHandle;
  /** Asks `question` as the person would (once the chat is there); rejects if it cannot start. */
  ask(question: string): Promise<void>;
  destroy(): void;
}

/** Mounts Mapwright into an element that holds the map and chat areas (`.app-map`, `.app-chat`). */
export async function mountApp(element: HTMLElement, options: MountOptions): Promise<MountedApp> {
  // Everything the app starts is a piece destroyed with it, the last started first: what it started
  // already, and what starts later (the data side and the chat load after the map has drawn) as soon
  // as it arrives.
  const pieces = new MountedPieces();
  const ownsPage = options.ownsPage ?? true;
  const scope = options.storage ?? pageStorageScope();
  const shell = pieces.add(mountAppShell(element, options.configUrl));
  const { banner } = shell;
  // MapLibre is most of the boot JavaScript: it downloads and compiles while the config loads.
  const mapModule = import('./start-map');

  const loaded = await loadMountConfig(options);
  const { config } = loaded;
  banner.addConfigProblems(loaded.problems);
  if (ownsPage) document.title = config.title;
  shell.retitle(config.title);
  const prompt = loadSystemPrompt(config.systemPromptUrl, (message) => banner.add(message));

  // The map starts as soon as MapLibre has arrived (its files download meanwhile); the tools' state
  // is made while it starts.
  const mapStarted = startMapSide(
    mapModule.then(({ startMap }) => startMap),
    shell,
    config,
    options,
  );
  const tools = createToolState(config, scope);
  const map = pieces.add(await mapStarted);
  const catalog = new DatasetCatalog(
    config.datasets.map((dataset) => catalogEntryFromConfig(dataset, map.layerIds.get(dataset.id))),
  );
  // Tables came or went (an upload): answers memoised for read-only tools (list_tables) are stale.
  catalog.onChange(() => tools.registry.clearMemo());

  // DuckDB and the MCP SDK load once the map has drawn (two cores are easily saturated).
  const data = pieces.add(
    startDataSide(
      { config, configBase: loaded.configBase, scope, tools, shell, after: map.drawn },
      options,
    ),
  );
  // Over the map: the uploads, the layer panel and the map tools (the chat takes dropped exports).
  const overlay = pieces.add(
    mountMapOverlay(shell.mapContainer, {
      map: map.controller,
      catalog,
      tools,
      engine: () => data.engine(),
      maxUploadBytes: config.limits.uploadMaxBytes,
      scope,
      banner,
      after: map.drawn,
      importConversation: (file): Promise<void> => chat.importConversation(file),
    }),
  );
  // For embedders and tests: the map has drawn, and window.mapwright and its tools are ready.
  void map.controller?.firstIdle.then(() => {
    element.dataset.mapIdle = 'true';
  });
  const handle = createAppHandle({
    loaded,
    map: map.controller,
    tools,
    catalog,
    prompt,
    data,
    overlay,
  });

  // The chat's placeholder has been showing since mount; the chat loads once the map has drawn.
  const chat = pieces.add(
    startChatSide(
      {
        handle,
        credentials: tools.credentials,
        scope,
        shell,
        overlay,
        after: map.drawn,
        promptLoaded: prompt.loaded,
      },
      options,
    ),
  );
  if (ownsPage) window.mapwright = handle;
  element.dataset.ready = 'true';
  return {
    handle,
    ask: async (question) => (await chat.mounted).ask(question),
    destroy: () => {
      if (pieces.isDestroyed) return;
      pieces.destroy();
      if (window.mapwright === handle) delete window.mapwright;
      delete element.dataset.ready;
      delete element.dataset.mapIdle;
      element.replaceChildren();
    },
  };
}

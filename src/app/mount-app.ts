// The composition root: the only module that wires config, data, map, MCP, agent and UI together.
// Each part is started by a helper in src/app so this file reads as the order things start in.
import { retitleChatPlaceholder, showChatPlaceholder } from '../chat';
import {
  buildSystemPrompt,
  catalogEntryFromConfig,
  DatasetCatalog,
  loadAppConfig,
  resolveConfigUrls,
  validateAppConfig,
} from '../config';
import { placeholderCreditWarning } from '../config/placeholder-credit';
import { isConversationExportFile, MapUndo } from '../conversations/shell';
import { heldPointLayerCount } from '../data/workers/point-tile-client';
import { heldLayerCount } from '../data/workers/table-decoder-client';
import { errorMessage } from '../errors/error-message';
import { prefetchMapFiles } from '../map/datasets/map-file-prefetch';
import { uploadPaint } from '../map/layers/layer-paint';
import { mountLayerPanel } from '../map/layers/layer-panel';
import { mapCredits, mapSnapshot } from '../map/map-snapshot';
import {
  CredentialStore,
  loadDisabledTools,
  loadToolPolicies,
  loadUserServers,
  saveDisabledTools,
  saveToolPolicies,
  withSwitchedOff,
} from '../settings/shell';
import { pageStorageScope, type StorageScope } from '../storage/storage-scope';
import { maskCredentials } from '../tools/credential-placeholders';
import { createConversationMap } from '../tools/map/conversation-map';
import { isResultLayerId } from '../tools/map/conversation-map-state';
import { createMapTools } from '../tools/map/create-map-tools';
import { ResultView } from '../tools/map/result-view';
import { ResultStore } from '../tools/result-store';
import { ToolRegistry } from '../tools/tool-registry';
import { MountedPieces, mounted } from '../ui/mounted';
import { ViewTabs } from '../ui/view-tabs';
import { loadUploadStore, readUploadInWorker, serveTablePoints, UploadLibrary } from '../uploads';
import { mountUploads } from '../uploads/mount-uploads';
import { bundledSystemPrompt, loadSystemPromptText } from './load-system-prompt';
import { NoticeBanner } from './notice-banner';
import { watchPolicyViolations } from './policy-violation-notice';
import type { AgentEvent } from '../agent/types';
import type { MountedChat } from '../chat/mount-chat';
import type { TableSource } from '../data/data-engine';
import type { UploadStorage } from '../uploads';
import type { MapwrightHandle } from './app-handle';
import type { StartedData } from './data-wiring';
import type { StartedMap } from './start-map';

/** The longest the chat waits for the map's first idle after the map has started, in milliseconds. */
export const chatWaitCapMs = 2500;

/** How the app is mounted. */
export interface MountOptions {
  /** Where app-config.json lives, relative to the page. */
  configUrl: string;
  /** A config object to use instead of fetching `configUrl` (for embedders); validated the same way. */
  config?: unknown;
  /**
   * Where the app's own files are (the offline basemap's tiles), and what the config's relative URLs
   * mean: an embed passes its module's folder and its config's URL; the app page leaves both out (its
   * page is beside them).
   */
  assetBase?: string;
  /** Where this app keeps what it stores (an embed's own namespace); the page's names by default. */
  storage?: StorageScope;
  /**
   * Whether the app owns the page: it names the page after the config's title and is reachable as
   * `window.mapwright`. The app page does; an embed does not unless its host asks.
   */
  ownsPage?: boolean;
  /** The element whose data-theme the theme button sets and the map follows (the page's <html>). */
  themeRoot?: HTMLElement;
  /** Hears the events of the runs of the conversation on screen (the host page's events). */
  onAgentEvent?: (event: AgentEvent) => void;
  /** Sections shown at the foot of Settings, as they are when it opens (the page's offline copy). */
  settingsSections?: () => HTMLElement[];
}

/** A mounted app. */
export interface MountedApp {
  handle: MapwrightHandle;
  /** Asks `question` as the person would (once the chat is there); rejects if it cannot start. */
  ask(question: string): Promise<void>;
  destroy(): void;
}

/** Mounts Mapwright into an element that holds the map and chat areas (`.app-map`, `.app-chat`). */
export async function mountApp(element: HTMLElement, options: MountOptions): Promise<MountedApp> {
  // Everything the app starts is a piece destroyed with it: what it started already, and what starts
  // later (the data side and the chat load after the map has drawn) as soon as it arrives.
  const pieces = new MountedPieces();
  const timer = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const id = setTimeout(resolve, ms);
      pieces.add({ destroy: () => clearTimeout(id) });
    });
  const ownsPage = options.ownsPage ?? true;
  const scope = options.storage ?? pageStorageScope();
  element.dataset.configUrl = options.configUrl;
  // The shell's areas by class, not id: several apps may share one page.
  const mapContainer = element.querySelector<HTMLElement>('.app-map') ?? element;
  const chatElement = element.querySelector<HTMLElement>('.app-chat');
  if (chatElement) showChatPlaceholder(chatElement);
  // On a phone the map and the chat are tabs; MapLibre measures itself again when its tab shows.
  let resizeMap = (): void => undefined;
  const viewTabs =
    chatElement && mapContainer !== element
      ? new ViewTabs(element, { onMapShown: () => resizeMap() })
      : undefined;
  if (viewTabs) element.append(viewTabs.root);
  const banner = pieces.add(new NoticeBanner(mapContainer));
  // A request the page's policy refused says which config field allows it and how to apply it.
  pieces.add(watchPolicyViolations((message) => banner.add(message)));
  // MapLibre is most of the boot JavaScript: it downloads and compiles while the config loads.
  const mapModule = import('./start-map');

  const loaded =
    options.config === undefined
      ? await loadAppConfig(options.configUrl)
      : validateAppConfig(options.config);
  const { problems } = loaded;
  // An embed's config names files beside itself, not beside the host page.
  const configBase = new URL(options.configUrl, document.baseURI).href;
  const config =
    options.assetBase === undefined ? loaded.config : resolveConfigUrls(loaded.config, configBase);
  performance.mark('mapwright:config');
  banner.addConfigProblems(problems);
  // For the publisher, who opens the console: visitors would see the placeholder credit on the map.
  const credit = placeholderCreditWarning(config.datasets);
  // eslint-disable-next-line no-console -- the publisher reads the page's console, visitors do not
  if (credit) console.warn(`Mapwright: ${credit}`);
  if (ownsPage) document.title = config.title;
  if (chatElement) retitleChatPlaceholder(chatElement, config.title);
  let promptText = bundledSystemPrompt;
  const promptLoaded = loadSystemPromptText(config.systemPromptUrl, (message) =>
    banner.add(message),
  ).then((text) => {
    promptText = text;
  });

  // The basemap and layer files download while MapLibre's code is still arriving.
  const mapFiles = prefetchMapFiles(config);

  // Data credentials: filled into approved calls of their own server's tools at dispatch, masked in
  // every result (with their common transforms), never seen by the model.
  const credentials = new CredentialStore(scope.local, scope.session);
  const registry = new ToolRegistry({
    defaultTimeoutMs: config.limits.toolTimeoutMs,
    credentials: () => credentials.values(),
  });
  const resultStore = new ResultStore({
    // Every result of a long conversation comes back after a reload (each is capped when stored).
    capacity: 300,
    mask: (result) => maskCredentials(result, credentials.values()),
  });
  // The moment the map has drawn: its tiled layers' features still load after it (see startMap).
  const markMapIdle = (): void => void performance.mark('mapwright:map-idle');
  const { controller, layerIds, featuresWait } = await mapModule
    .then(({ startMap }) =>
      startMap(
        mapContainer,
        config,
        {
          notify: (message) => banner.add(message),
          onFirstIdle: markMapIdle,
          ...(options.assetBase === undefined ? {} : { assetBase: options.assetBase }),
          ...(options.themeRoot === undefined ? {} : { themeRoot: options.themeRoot }),
        },
        mapFiles,
      ),
    )
    .catch((error: unknown): StartedMap => {
      banner.add(
        `The map could not load (${errorMessage(error)}); reload the page to try again. Chat and SQL still work.`,
      );
      return { controller: undefined, layerIds: new Map() };
    });
  if (featuresWait) pieces.add(featuresWait);
  if (controller && viewTabs) {
    resizeMap = () => controller.map.resize();
    pieces.add(mounted(controller.onStateChange(() => viewTabs.mapChanged())));
  }
  const catalog = new DatasetCatalog(
    config.datasets.map((dataset) => catalogEntryFromConfig(dataset, layerIds.get(dataset.id))),
  );
  // Tables came or went (an upload): answers memoised for read-only tools (list_tables) are stale.
  catalog.onChange(() => registry.clearMemo());

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
    conversationMap: controller && createConversationMap(controller, resultStore),
    registry,
    resultStore,
    catalog,
    systemPrompt: (options) =>
      buildSystemPrompt({
        compact: options?.compact === true,
        basePrompt: promptText,
        datasets: catalog.list(),
        credentialNames: credentials.names(),
        explainCalls: config.explainCalls.promptRule,
      }),
    data: Promise.resolve(undefined),
    upload: (file, options) => uploads.add(file, options),
    removeUpload: (table) => uploads.remove(table),
    heldUploadLayers: heldLayerCount,
    drawTablePoints: async (table, columns) => {
      const data = await engine();
      if (!data || !controller)
        throw new Error('drawing a table needs the map and the data engine');
      const served = await serveTablePoints(data, { table, ...columns });
      await controller.addLayer({
        id: table,
        title: table,
        kind: 'circle',
        features: { type: 'FeatureCollection', features: [] },
        served,
        paint: uploadPaint('circle', 0),
      });
      return { featureCount: served.featureCount, bounds: served.bounds };
    },
    heldPointLayers: heldPointLayerCount,
    uploadsRestored: Promise.resolve(),
  };
  // DuckDB and the MCP SDK load once the map has drawn (two cores are easily saturated).
  const mapDrawn = Promise.race([
    controller ? controller.firstIdle : Promise.resolve(),
    timer(10_000),
  ]);
  handle.data = mapDrawn
    .then(() => {
      if (pieces.isDestroyed) throw new Error('the app was closed');
      performance.mark('mapwright:data-start');
      return import('./data-wiring');
    })
    .then(({ startData }) =>
      startData({
        datasets: tables,
        allowedHosts: [...config.data.allowedHosts, ...embedOrigins(options, configBase)],
        // A publisher's server the person switched off stays off after a reload.
        mcpServers: withSwitchedOff(config.mcpServers, scope.local),
        registry,
        resultStore,
        maxRowsToModel: config.limits.maxRowsToModel,
        toolTimeoutMs: config.limits.toolTimeoutMs,
        explanationArgument: config.explainCalls.explanationArgument,
        onWarning: (message) => banner.add(message),
        // The person's servers, switched-off tools and policies stay as they left them after a reload.
        userServers: loadUserServers({ local: scope.local, session: scope.session }),
        disabledTools: loadDisabledTools(scope.local),
        onPreferencesChange: (disabled) => saveDisabledTools(disabled, scope.local),
        defaultPolicy: config.approvals.defaultPolicy,
        // "Run without asking" holds for the session unless the person chose to remember it.
        toolPolicies: loadToolPolicies({ local: scope.local, session: scope.session }),
        onToolPoliciesChange: (policies) =>
          saveToolPolicies(policies, { local: scope.local, session: scope.session }),
        // Where the approval card shows, below the conversation and above the question box: the call
        // that asks is the turn's latest step. Before the chat has mounted (it replaces its
        // placeholder), a request shows over the app.
        elicitationHost: () =>
          chatElement?.dataset.chatReady === 'true'
            ? (chatElement.querySelector<HTMLElement>('.mw-approval-slot') ??
              chatElement.querySelector<HTMLElement>('.mw-chat') ??
              chatElement)
            : element,
        oauth: {
          baseUrl: options.assetBase ?? document.baseURI,
          sessionStorage: scope.session,
          localStorage: scope.local,
        },
      }),
    )
    .then((started: StartedData) => {
      if (pieces.isDestroyed) void started.close();
      handle.engine = started.engine;
      handle.hub = started.hub;
      return started;
    })
    .catch((error: unknown) => {
      if (pieces.isDestroyed) return undefined;
      banner.add(`The data engine could not start (${errorMessage(error)}); map tools still work.`);
      return undefined;
    });
  const engine = async () => (await handle.data)?.engine;

  // Uploads are kept in the browser (IndexedDB, opened on first use) and come back after a reload.
  let uploadStore: Promise<UploadStorage> | undefined;
  const uploads = new UploadLibrary({
    map: controller,
    catalog,
    engine,
    maxBytes: config.limits.uploadMaxBytes,
    readUpload: readUploadInWorker,
    onLateFailure: (message) => banner.add(message, 'upload'),
    onLateNotice: (message) => banner.add(message, 'upload'),
    storage: () =>
      (uploadStore ??= loadUploadStore().then(({ UploadStore, UPLOAD_DATABASE_NAME }) =>
        UploadStore.open(scope.name(UPLOAD_DATABASE_NAME)),
      )),
  });
  // "Add data" and the layer panel share one column over the map, so neither covers the other.
  // The map's Undo and Redo, over the conversation on screen (the chat attaches it when one opens).
  const mapUndo = new MapUndo();
  const overlay = document.createElement('div');
  overlay.className = 'map-overlay';
  mapContainer.append(overlay);
  if (controller) {
    // Results and uploads can be removed from the panel; the publisher's layers only hidden.
    const layerPanel = mountLayerPanel(
      overlay,
      controller,
      {
        canRemoveLayer: (layerId) => isResultLayerId(layerId) || uploads.canRemoveLayer(layerId),
        removeLayer: async (layerId) => {
          if (isResultLayerId(layerId)) controller.removeLayer(layerId);
          else banner.add((await uploads.removeLayer(layerId)).message, 'upload');
        },
        onChange: (listener) => uploads.onChange(listener),
      },
      mapUndo,
    );
    pieces.add(layerPanel);
    pieces.add(mapUndo.bindKeys(mapContainer));
  }
  // Kept uploads come back once the map has drawn, beside the chat's start: neither waits for them.
  handle.uploadsRestored = mapDrawn
    .then(() => uploads.restore())
    .then((problems) => problems.forEach((problem) => banner.add(problem, 'upload')));

  // A new result comes into view unless the model or the person chose the view during the turn.
  const resultView = new ResultView();
  if (controller) {
    pieces.add(mounted(controller.onPersonMove(() => resultView.personMovedMap())));
    for (const tool of createMapTools({
      map: controller,
      catalog,
      resultStore,
      engine,
      view: resultView,
    }))
      registry.register(tool);
    // For embedders and tests: the map has drawn, and window.mapwright and its tools are ready.
    void controller.firstIdle.then(() => {
      element.dataset.mapIdle = 'true';
    });
  }
  // A conversation's JSON export dropped on the map (or picked with Add data) is imported into the
  // chat, not refused as GeoJSON.
  let importConversation: ((file: File) => Promise<void>) | undefined;
  pieces.add(
    mountUploads(overlay, {
      dropTarget: mapContainer,
      upload: handle.upload,
      notify: (message) => banner.add(message, 'upload'),
      queryable: (outcome) =>
        outcome.ok ? uploads.tableReady(outcome.entry.table) : Promise.resolve(),
      claim: async (file) => {
        if (!(await isConversationExportFile(file))) return false;
        if (importConversation) await importConversation(file);
        else banner.add('The chat is still starting: add the conversation again in a moment.');
        return true;
      },
      titleOf: (table) => catalog.get(table)?.title ?? table,
    }),
  );

  // The chat's placeholder has been showing since mount. Its code loads once the map has drawn, which
  // measured faster for both than loading it alongside the map on two cores (docs/performance.md), but
  // never later than `chatWaitCapMs` after the map started, so a slow map cannot hold the chat back.
  let chatMounted: Promise<MountedChat> = Promise.reject(new Error('This app has no chat.'));
  chatMounted.catch(() => undefined);
  if (chatElement) {
    const chatStart = Promise.race([mapDrawn, timer(chatWaitCapMs)]);
    chatMounted = Promise.all([chatStart, promptLoaded])
      .then(() => {
        if (pieces.isDestroyed) throw new Error('the app was closed');
        return import('../chat/mount-chat');
      })
      .then(({ mountChat }) =>
        mountChat({
          element: chatElement,
          config,
          credentials,
          registry,
          resultStore,
          systemPrompt: (options) => handle.systemPrompt(options),
          data: handle.data,
          ...(handle.conversationMap ? { map: handle.conversationMap, mapUndo } : {}),
          ...(controller
            ? {
                report: {
                  mapImage: () => mapSnapshot(controller),
                  attributions: () => mapCredits(controller),
                },
              }
            : {}),
          uploadsRestored: handle.uploadsRestored,
          notify: (message) => banner.add(message),
          storage: scope,
          ...(options.themeRoot === undefined ? {} : { themeRoot: options.themeRoot }),
          ...(options.settingsSections ? { settingsSections: options.settingsSections } : {}),
          onAgentEvent: (event) => {
            // A new question starts a new choice of view (a resumed turn is the same question).
            if (event.type === 'turn-start' && !event.resumed) resultView.turnStarted();
            options.onAgentEvent?.(event);
          },
        }),
      );
    void chatMounted
      .then((chat) => {
        // Destroyed while the chat started: it goes as soon as it is there.
        pieces.add(chat);
        if (pieces.isDestroyed) return;
        importConversation = (file) => chat.importConversation(file);
        performance.mark('mapwright:chat-ready');
        chatElement.removeAttribute('aria-busy');
      })
      .catch((error: unknown) => {
        if (pieces.isDestroyed) return;
        const message = `The chat could not start (${errorMessage(error)}); reload the page to try again.`;
        chatElement.querySelector('.chat-placeholder p')?.replaceChildren(message);
        banner.add(message);
      });
  }
  if (ownsPage) window.mapwright = handle;
  element.dataset.ready = 'true';
  return {
    handle,
    ask: async (question) => (await chatMounted).ask(question),
    destroy: () => {
      if (pieces.isDestroyed) return;
      pieces.destroy();
      controller?.destroy();
      void handle.data.then((started) => started?.close());
      void uploadStore?.then((store) => store.close?.()).catch(() => undefined);
      if (window.mapwright === handle) delete window.mapwright;
      delete element.dataset.ready;
      delete element.dataset.mapIdle;
      element.replaceChildren();
    },
  };
}

// An embed reads its files from its own origin (the module's and the config's), which the data
// engine's worker must reach besides the config's data hosts.
function embedOrigins(options: MountOptions, configBase: string): string[] {
  if (options.assetBase === undefined) return [];
  return [...new Set([new URL(options.assetBase).origin, new URL(configBase).origin])];
}

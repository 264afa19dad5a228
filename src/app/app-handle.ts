// window.mapwright: what tests and embedders can reach in a mounted app.
import { buildSystemPrompt } from '../config';
import { heldPointLayerCount } from '../data/workers/point-tile-client';
import { heldLayerCount } from '../data/workers/table-decoder-client';
import { uploadPaint } from '../map/layers/layer-paint';
import { createConversationMap } from '../tools/map/conversation-map';
import { serveTablePoints } from '../uploads';
import type { AppConfig, ConfigProblem } from '../config/app-config';
import type { DatasetCatalog } from '../config/dataset-catalog';
import type { MapController } from '../map/map-controller';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { UploadOptions, UploadOutcome, RemovalOutcome } from '../uploads';
import type { DataSide } from './data-side';
import type { StartedData } from './data-wiring';
import type { MountConfig } from './load-mount-config';
import type { SystemPromptText } from './load-system-prompt';
import type { MapOverlay } from './map-overlay';
import type { ToolState } from './tool-state';

/** The handle a mounted app exposes on `window.mapwright`. */
export interface MapwrightHandle {
  config: AppConfig;
  configProblems: ConfigProblem[];
  /** Undefined when the map could not start (no WebGL); the rest of the app still runs. */
  map: MapController | undefined;
  /** The map's state as a conversation saves and restores it; undefined without a map. */
  conversationMap: ConversationMap | undefined;
  registry: ToolRegistry;
  resultStore: ResultStore;
  catalog: DatasetCatalog;
  /** The system prompt for the current catalog (byte-stable while the catalog is unchanged). */
  systemPrompt(options?: { compact?: boolean }): string;
  /** Set once the data side has started. */
  engine?: StartedData['engine'];
  hub?: StartedData['hub'];
  /** Settles when the data side has started (or failed to). */
  data: Promise<StartedData | undefined>;
  /** Adds a file as a table and a layer, as dropping it on the map does (with its progress and Cancel). */
  upload(file: File, options?: Omit<UploadOptions, 'restoring'>): Promise<UploadOutcome>;
  /** Removes an upload by table name (table, layer, catalog entry, kept file), as its Remove button does. */
  removeUpload(table: string): Promise<RemovalOutcome>;
  /** How many uploads' layers the file reader's worker holds (a removed or replaced one must not stay). */
  heldUploadLayers(): Promise<number>;
  /**
   * Draws a table's points as the layer `table`, from tiles cut in a worker, as an upload of more than
   * 200,000 points is drawn; returns the points drawn and their extent (from SQL).
   */
  drawTablePoints(
    table: string,
    columns: { longitude: string; latitude: string },
  ): Promise<{ featureCount: number; bounds: [number, number, number, number] | undefined }>;
  /** How many big point layers the point tile worker holds (a removed one must not stay). */
  heldPointLayers(): Promise<number>;
  /** Settles once the uploads kept from earlier visits are back (or have been reported lost). */
  uploadsRestored: Promise<void>;
}

/** The parts of a mounted app the handle reaches. */
export interface AppHandleParts {
  loaded: Pick<MountConfig, 'config' | 'problems'>;
  map: MapController | undefined;
  tools: ToolState;
  catalog: DatasetCatalog;
  prompt: Pick<SystemPromptText, 'text'>;
  data: DataSide;
  overlay: Pick<MapOverlay, 'uploads' | 'uploadsRestored'>;
}

/** The handle over `parts`. */
export function createAppHandle(parts: AppHandleParts): MapwrightHandle {
  const { config } = parts.loaded;
  const { map: controller, catalog, data } = parts;
  const { credentials, registry, resultStore } = parts.tools;
  const { uploads } = parts.overlay;
  return {
    config,
    configProblems: parts.loaded.problems,
    map: controller,
    conversationMap: controller && createConversationMap(controller, resultStore),
    registry,
    resultStore,
    catalog,
    systemPrompt: (options) =>
      buildSystemPrompt({
        compact: options?.compact === true,
        basePrompt: parts.prompt.text(),
        datasets: catalog.list(),
        credentialNames: credentials.names(),
        explainCalls: config.explainCalls.promptRule,
      }),
    // Read from the data side once it has started.
    get engine() {
      return data.started?.engine;
    },
    get hub() {
      return data.started?.hub;
    },
    data: data.data,
    upload: (file, options) => uploads.add(file, options),
    removeUpload: (table) => uploads.remove(table),
    heldUploadLayers: heldLayerCount,
    drawTablePoints: async (table, columns) => {
      const engine = await data.engine();
      if (!engine || !controller)
        throw new Error('drawing a table needs the map and the data engine');
      const served = await serveTablePoints(engine, { table, ...columns });
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
    uploadsRestored: parts.overlay.uploadsRestored,
  };
}

declare global {
  interface Window {
    mapwright?: MapwrightHandle;
  }
}

// What sits over the map and acts on it: the uploads (kept in the browser, back after a reload), the
// layer panel and "Add data" in one column, the map's Undo keys, and the map tools with the result
// view that chooses where a new result is looked at.
import { isConversationExportFile, MapUndo } from '../conversations/shell';
import { mountLayerPanel } from '../map/layers/layer-panel';
import { isResultLayerId } from '../tools/map/conversation-map-state';
import { createMapTools } from '../tools/map/create-map-tools';
import { ResultView } from '../tools/map/result-view';
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { loadUploadStore, readUploadInWorker, UploadLibrary } from '../uploads';
import { mountUploads } from '../uploads/mount-uploads';
import type { DatasetCatalog } from '../config/dataset-catalog';
import type { DataEngine } from '../data/data-engine';
import type { MapController } from '../map/map-controller';
import type { StorageScope } from '../storage/storage-scope';
import type { UploadStorage } from '../uploads';
import type { NoticeBanner } from './notice-banner';
import type { ToolState } from './tool-state';

/** What the map's overlay acts on. */
export interface MapOverlayOptions {
  /** The map; without one, only the uploads' tables and the drop target are there. */
  map: MapController | undefined;
  catalog: DatasetCatalog;
  tools: Pick<ToolState, 'registry' | 'resultStore'>;
  /** The data engine once the data side has started. */
  engine: () => Promise<DataEngine | undefined>;
  /** The largest file a person may add (`limits.uploadMaxBytes`). */
  maxUploadBytes: number;
  scope: StorageScope;
  banner: NoticeBanner;
  /** Kept uploads come back once this settles (the map's first draw, capped). */
  after: Promise<void>;
  /** Imports a conversation's JSON export dropped on the map (or picked with Add data). */
  importConversation: (file: File) => Promise<void>;
}

/** The mounted overlay. */
export interface MapOverlay extends Mounted {
  uploads: UploadLibrary;
  /** The map's Undo and Redo, over the conversation on screen (the chat attaches it when one opens). */
  mapUndo: MapUndo;
  /** Whether a new result comes into view: the chat says when a new question starts. */
  resultView: ResultView;
  /** Settles once the uploads kept from earlier visits are back (or have been reported lost). */
  uploadsRestored: Promise<void>;
}

/** Mounts the overlay on `mapContainer` and registers the map tools. */
export function mountMapOverlay(mapContainer: HTMLElement, options: MapOverlayOptions): MapOverlay {
  const { map, catalog, banner } = options;
  const { registry, resultStore } = options.tools;
  const pieces = new MountedPieces();
  // Uploads are kept in the browser (IndexedDB, opened on first use) and come back after a reload.
  let uploadStore: Promise<UploadStorage> | undefined;
  pieces.add({
    destroy: () => void uploadStore?.then((store) => store.close?.()).catch(() => undefined),
  });
  const uploads = new UploadLibrary({
    map,
    catalog,
    engine: options.engine,
    maxBytes: options.maxUploadBytes,
    readUpload: readUploadInWorker,
    onLateFailure: (message) => banner.add(message, 'upload'),
    onLateNotice: (message) => banner.add(message, 'upload'),
    storage: () =>
      (uploadStore ??= loadUploadStore().then(({ UploadStore, UPLOAD_DATABASE_NAME }) =>
        UploadStore.open(options.scope.name(UPLOAD_DATABASE_NAME)),
      )),
  });
  // "Add data" and the layer panel share one column over the map, so neither covers the other.
  const mapUndo = new MapUndo();
  const overlay = document.createElement('div');
  overlay.className = 'map-overlay';
  mapContainer.append(overlay);
  pieces.add({ destroy: () => overlay.remove() });
  if (map) {
    // Results and uploads can be removed from the panel; the publisher's layers only hidden.
    const layerPanel = mountLayerPanel(
      overlay,
      map,
      {
        canRemoveLayer: (layerId) => isResultLayerId(layerId) || uploads.canRemoveLayer(layerId),
        removeLayer: async (layerId) => {
          if (isResultLayerId(layerId)) map.removeLayer(layerId);
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
  const uploadsRestored = options.after
    .then(() => uploads.restore())
    .then((problems) => problems.forEach((problem) => banner.add(problem, 'upload')));

  // A new result comes into view unless the model or the person chose the view during the turn.
  const resultView = new ResultView();
  if (map) {
    pieces.add(mounted(map.onPersonMove(() => resultView.personMovedMap())));
    for (const tool of createMapTools({
      map,
      catalog,
      resultStore,
      engine: options.engine,
      view: resultView,
    }))
      registry.register(tool);
  }
  pieces.add(
    mountUploads(overlay, {
      dropTarget: mapContainer,
      upload: (file, uploadOptions) => uploads.add(file, uploadOptions),
      notify: (message) => banner.add(message, 'upload'),
      queryable: (outcome) =>
        outcome.ok ? uploads.tableReady(outcome.entry.table) : Promise.resolve(),
      // A conversation's JSON export dropped on the map (or picked with Add data) is imported into
      // the chat, not refused as GeoJSON.
      claim: async (file) => {
        if (!(await isConversationExportFile(file))) return false;
        await options.importConversation(file);
        return true;
      },
      titleOf: (table) => catalog.get(table)?.title ?? table,
    }),
  );
  return { uploads, mapUndo, resultView, uploadsRestored, destroy: () => pieces.destroy() };
}

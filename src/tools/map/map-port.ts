// What map tools may do to the map. src/map's MapController implements it; tests use FakeMap.
// Tools never import maplibre-gl: everything they need crosses this interface as plain data.
import type { Bounds } from '../../geo/bounds';
import type { LayerKind } from '../../geo/layer-kind';
import type {
  ConversationMapState,
  LayerRecord,
  ResultLayerDrawing,
} from './conversation-map-state';
import type { FeatureCollection } from 'geojson';

export type { Bounds } from '../../geo/bounds';
export type { LayerKind } from '../../geo/layer-kind';

/** One legend entry: a colour and what it means. */
export interface LegendEntry {
  color: string;
  label: string;
}

/** A legend derived from a layer's paint, so it always matches what is drawn. */
export interface Legend {
  title: string;
  entries: LegendEntry[];
}

/** A layer as tools see it. */
export interface LayerInfo {
  id: string;
  title: string;
  kind: LayerKind;
  visible: boolean;
  /** The dataset behind it, when there is one. */
  datasetId?: string;
  /** The filter applied by set_filter, when any. */
  filter?: unknown;
  /** Paint properties set beyond the layer's defaults. */
  paint: Record<string, unknown>;
  featureCount: number;
  /** Property names the features carry. */
  properties: string[];
  legend?: Legend;
}

/** The camera and what is on the map. */
export interface MapState {
  center: [number, number];
  zoom: number;
  bearing: number;
  bounds: Bounds;
  layers: LayerInfo[];
}

/** Where to move the camera. */
export type CameraTarget = { center: [number, number]; zoom?: number } | { bounds: Bounds };

/**
 * Features kept off the page's thread (an upload's, in the table decoder's worker): the map draws
 * them from vector tiles cut there and holds only what tools read of them.
 */
export interface ServedFeatures {
  featureCount: number;
  bounds: Bounds | undefined;
  /** Property names the features carry. */
  properties: string[];
  /** The deepest zoom tiles are cut at (the map over-zooms them beyond). */
  maxZoom: number;
  /** A tile's vector tile bytes (its one tile layer is named after the map layer), or undefined. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | undefined>;
  /** The features themselves, copied to the page (only a join needs them). */
  features(): Promise<FeatureCollection>;
  /** Lets them go: the layer was removed or replaced. */
  release(): void;
}

/** A layer drawn from features a tool built (a query result or an upload). */
export interface NewLayer {
  id: string;
  title: string;
  kind: LayerKind;
  /** The features (none when `served` draws them). */
  features: FeatureCollection;
  /** Draws features held elsewhere instead of `features`. */
  served?: ServedFeatures;
  paint?: Record<string, unknown>;
  tooltip?: string[];
  legendTitle?: string;
  datasetId?: string;
  /** Whether it starts visible (default true): what restoring the publisher's map goes back to. */
  visible?: boolean;
  /** How it was drawn from a query result, so a conversation can draw it again. */
  drawing?: ResultLayerDrawing;
}

/** Draws a result layer again (through map_query_result's own code) or says why it could not. */
export type RedrawResultLayer = (
  drawing: ResultLayerDrawing,
) => Promise<{ drawn: true } | { drawn: false; reason: RestoreProblemKind; message: string }>;

/**
 * Why part of a state was not restored: the result's rows are not held (`result-missing`), no layer
 * has that id (`layer-missing`: an upload from before a reload), the rows, filter or paint no longer
 * draw (`not-drawable`), or the state is of another version (`unsupported-version`).
 */
export type RestoreProblemKind =
  'result-missing' | 'layer-missing' | 'not-drawable' | 'unsupported-version';

/** One part of a state that was not restored, and why. */
export interface RestoreProblem {
  kind: RestoreProblemKind;
  /** The layer concerned (absent for a state that could not be read at all). */
  layerId?: string;
  resultId?: string;
  message: string;
}

/** What `restoreState` could not bring back: empty when everything was restored. */
export interface MapRestoreReport {
  problems: RestoreProblem[];
}

/** What changed in the captured state: a layer (drawn, filtered, styled, shown, hidden) or the camera. */
export type MapStateChange = 'layers' | 'camera';

/** A validation outcome: empty when valid. */
export type ValidationErrors = string[];

/** The map as local tools drive it. */
export interface MapPort {
  /**
   * Settles once every layer has its features. Layers drawn from ready-made tiles get theirs after
   * the map has drawn; until then their counts, extents and joins are not known.
   */
  featuresReady(): Promise<void>;
  listLayers(): LayerInfo[];
  getLayer(layerId: string): LayerInfo | undefined;
  /** Returns false when the layer already had that visibility. */
  setVisibility(layerId: string, visible: boolean): boolean;
  validateFilter(filter: unknown): Promise<ValidationErrors>;
  /** Applies a filter (null clears it); the caller validates first. */
  setFilter(layerId: string, filter: unknown): Promise<void>;
  validatePaint(kind: LayerKind, paint: Record<string, unknown>): Promise<ValidationErrors>;
  setPaint(layerId: string, paint: Record<string, unknown>): Promise<void>;
  /** Features of the layer rendered in the current view, after the map settles. */
  countFeaturesInView(layerId: string): Promise<number>;
  /** The extent of the layer's features (filtered ones included). */
  layerBounds(layerId: string): Bounds | undefined;
  moveCamera(target: CameraTarget): Promise<void>;
  getState(): MapState;
  /** The features of a layer (all of them, whatever the filter). */
  layerFeatures(layerId: string): Promise<FeatureCollection | undefined>;
  /** Adds a layer, or replaces the one with the same id. */
  addLayer(layer: NewLayer): Promise<void>;
  /** Takes a layer off the map (an upload the person removed); an unknown id is ignored. */
  removeLayer(layerId: string): void;
  /** Every layer with its settings now and as it was drawn (the publisher's paint), in listing order. */
  layerRecords(): LayerRecord[];
  /** What a conversation changed on the map (result layers, filters, paint, visibility, camera). */
  captureState(): ConversationMapState;
  /**
   * Goes back to the publisher's map (no result layers, no filters, the config's paint and
   * visibility, and for `undefined` the config's initial view), then applies `state`, drawing its
   * result layers through `redraw`. Never throws: what could not be restored is reported.
   */
  restoreState(
    state: ConversationMapState | undefined,
    redraw: RedrawResultLayer,
  ): Promise<MapRestoreReport>;
  /**
   * Calls `listener` after a change to what `captureState` returns (by a tool, the layer panel or
   * the person moving the map); not while restoring. Returns a function that stops it.
   */
  onStateChange(listener: (change: MapStateChange) => void): () => void;
}

// What map tools may do to the map. src/map's MapController implements it; tests use FakeMap.
// Tools never import maplibre-gl: everything they need crosses this interface as plain data.
import type { FeatureCollection } from 'geojson';

/** How a layer is drawn. */
export type LayerKind = 'circle' | 'fill' | 'line';

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

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

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

/** A layer drawn from features a tool built (a query result or an upload). */
export interface NewLayer {
  id: string;
  title: string;
  kind: LayerKind;
  features: FeatureCollection;
  paint?: Record<string, unknown>;
  tooltip?: string[];
  legendTitle?: string;
  datasetId?: string;
}

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
  layerFeatures(layerId: string): FeatureCollection | undefined;
  /** Adds a layer, or replaces the one with the same id. */
  addLayer(layer: NewLayer): Promise<void>;
}

// MapController: the app's one MapLibre map. It owns the basemap, the data layers and their state, and
// implements MapPort so tools can drive it with plain data.
import { featureBounds } from '../geo/feature-bounds';
import {
  captureConversationMapState,
  type CameraState,
  type ConversationMapState,
} from '../tools/map/conversation-map-state';
import { MapStateNotifier } from '../tools/map/map-state-notifier';
import { restoreMapState, type RestoreTarget } from '../tools/map/restore-map-state';
import { applyBasemapPalette, basemapPalettes } from './basemap/basemap-palette';
import { schemeSource, watchPageColorScheme } from './basemap/page-color-scheme';
import { BootRepaintGate } from './boot-repaint-gate';
import { fitPadding, type FitPadding } from './fit-padding';
import { defaultPaint } from './layers/layer-paint';
import { layerSource } from './layers/layer-source';
import {
  addedLayersOrder,
  layerInfo,
  type LayerPlacement,
  type LayerState,
} from './layers/layer-state';
import { validateFilter, validatePaint } from './layers/style-validation';
import { cameraOf, jumpCamera, roundCoordinate } from './map-camera';
import { attachTooltips } from './map-tooltip';
import { openMaplibreMap, releaseMapWorkers, type OpenMapOptions } from './open-maplibre-map';
import { reportSourceErrors } from './sources/report-source-errors';
import { serveTiles, stopServing } from './sources/served-tiles';
import type { InitialView } from '../config/app-config';
import type {
  Bounds,
  CameraTarget,
  LayerInfo,
  LayerKind,
  MapPort,
  MapRestoreReport,
  MapState,
  MapStateChange,
  NewLayer,
  RedrawResultLayer,
  ValidationErrors,
} from '../tools/map/map-port';
import type { StackDirection } from './layers/layer-panel';
export type { LayerPlacement } from './layers/layer-state';
import type { FeatureCollection } from 'geojson';
import type * as maplibregl from 'maplibre-gl';

/** The longest boot holds frames back, from the map's creation (slow files, slow tiles). */
const bootGateLimitMs = 4000;

/** How the controller is created. */
export type MapControllerOptions = OpenMapOptions;

/** The map, its layers, and the MapPort tools use. */
export class MapController implements MapPort, RestoreTarget {
  private readonly layers = new Map<string, LayerState>();
  private layersAdded = 0;
  /** The data layers as they stacked at boot, topmost first: the publisher's order. */
  private bootStack: string[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly stateChanges: MapStateNotifier;
  /** Settles at the first `idle` after `initialLayersAdded()`: basemap and initial layers drawn. */
  readonly firstIdle: Promise<void>;
  private releaseFirstIdle: () => void = () => undefined;

  /**
   * Lets boot frames through only when they move loading on (see boot-repaint-gate.ts). Only over the
   * offline basemap, whose tiles all come from the app's host: a slow online basemap would hold the
   * whole map back.
   */
  private readonly gate: BootRepaintGate | undefined;

  /** Stops repainting the offline basemap when the page's theme changes. */
  private readonly stopFollowingTheme: () => void;

  private constructor(
    readonly map: maplibregl.Map,
    offline: boolean,
    private readonly initialView: InitialView,
    themeRoot?: HTMLElement,
  ) {
    this.gate = offline ? new BootRepaintGate(map, bootGateLimitMs) : undefined;
    // The offline basemap follows the page's theme in place; a publisher's online style is left as
    // they made it.
    this.stopFollowingTheme = offline
      ? watchPageColorScheme(
          (scheme) => applyBasemapPalette(map, basemapPalettes[scheme]),
          schemeSource(themeRoot),
        )
      : () => undefined;
    this.stateChanges = new MapStateNotifier(cameraOf(map));
    map.on('moveend', () => this.stateChanges.cameraMoved(cameraOf(map)));
    const layersAdded = new Promise<void>((resolve) => (this.releaseFirstIdle = resolve));
    // An idle before the data layers exist (the basemap alone) is not the map the person waits for.
    this.firstIdle = layersAdded.then(
      () =>
        new Promise<void>((resolve) => {
          map.once('idle', () => resolve());
          map.triggerRepaint();
        }),
    );
    attachTooltips(map, () => [...this.layers.values()].filter((layer) => layer.visible));
  }

  /** Says the boot layers are in, so `firstIdle` settles once they are drawn. */
  initialLayersAdded(): void {
    this.bootStack = this.stackOrder();
    this.gate?.arm();
    this.releaseFirstIdle();
  }

  /**
   * Creates the map in `container` and waits for its style (not its tiles): layers added now are
   * tiled together with the basemap in one pass instead of after a first basemap-only render.
   */
  static async create(
    container: HTMLElement,
    options: MapControllerOptions,
  ): Promise<MapController> {
    const { map, offline } = await openMaplibreMap(container, options);
    const view = options.config.initialView;
    const controller = new MapController(map, offline, view, options.themeRoot);
    reportSourceErrors(map, (sourceId) => controller.layers.get(sourceId)?.title, options.onNotice);
    return controller;
  }

  /** Calls `listener` after any layer change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  onStateChange(listener: (change: MapStateChange) => void): () => void {
    return this.stateChanges.subscribe(listener);
  }

  /**
   * Calls `listener` when the person starts moving the map (a drag, a wheel, a pinch, the keys): a
   * move MapLibre started from an input event. A tool's or a button's move has none.
   */
  onPersonMove(listener: () => void): () => void {
    const started = (event: { originalEvent?: unknown }): void => {
      if (event.originalEvent) listener();
    };
    this.map.on('movestart', started);
    return () => this.map.off('movestart', started);
  }

  listLayers(): LayerInfo[] {
    return this.layerRecords().map((layer) => layerInfo(layer));
  }

  getLayer(layerId: string): LayerInfo | undefined {
    const layer = this.layers.get(layerId);
    return layer && layerInfo(layer);
  }

  async addLayer(layer: NewLayer, placement: LayerPlacement = {}): Promise<void> {
    const paint = { ...defaultPaint(layer.kind, '#2563eb'), ...layer.paint };
    const visible = layer.visible ?? true;
    const existing = this.layers.get(layer.id);
    if (existing) this.takeOff(existing);
    const { tiles } = placement;
    const served = layer.served && { features: layer.served, ...serveTiles(layer.served) };
    this.map.addSource(layer.id, layerSource(layer, tiles, served?.tiles));
    // Fills go under lines and circles so points stay visible over shapes, and under result layers.
    // (The lowest non-fill layer as drawn, not as added: tiled layers go on before the others.)
    const firstAbove =
      placement.before && this.map.getLayer(placement.before)
        ? placement.before
        : layer.kind === 'fill'
          ? this.map.getLayersOrder().find((id) => {
              const other = id === layer.id ? undefined : this.layers.get(id);
              // Other shapes (an upload of the world's countries) go under result layers too.
              return other && (other.kind !== 'fill' || (!layer.drawing && other.drawing));
            })
          : undefined;
    this.map.addLayer(
      {
        id: layer.id,
        type: layer.kind,
        source: layer.id,
        ...(tiles ? { 'source-layer': tiles.sourceLayer } : {}),
        // Served tiles hold one tile layer, named after the map layer.
        ...(served ? { 'source-layer': layer.id } : {}),
        layout: { visibility: visible ? 'visible' : 'none' },
        paint,
      } as maplibregl.AddLayerObject,
      firstAbove,
    );
    this.layers.set(layer.id, {
      order: placement.order ?? existing?.order ?? addedLayersOrder + (this.layersAdded += 1),
      id: layer.id,
      title: layer.title,
      kind: layer.kind,
      visible,
      paint,
      initialPaint: { ...paint },
      initialVisible: visible,
      features: layer.features,
      ...(served ? { served: { features: served.features, key: served.key } } : {}),
      legendTitle: layer.legendTitle ?? layer.title,
      ...(layer.tooltip ? { tooltip: layer.tooltip } : {}),
      ...(layer.datasetId ? { datasetId: layer.datasetId } : {}),
      ...(layer.drawing ? { drawing: layer.drawing } : {}),
    });
    this.changed();
    this.stateChanges.layersChanged();
  }

  private featuresPending: Promise<void> = Promise.resolve();

  /** Makes `featuresReady()` wait for `pending` (the tiled layers' features loading). */
  waitForFeatures(pending: Promise<unknown>): void {
    this.featuresPending = pending.then(
      () => undefined,
      () => undefined,
    );
  }

  featuresReady(): Promise<void> {
    return this.featuresPending;
  }

  /** Gives a tiled layer its features (fit to data, joins, counts) once they have loaded. */
  attachFeatures(layerId: string, features: FeatureCollection): void {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    layer.features = features;
    this.changed();
  }

  setVisibility(layerId: string, visible: boolean): boolean {
    const layer = this.layers.get(layerId);
    if (!layer || layer.visible === visible) return false;
    layer.visible = visible;
    this.map.setLayoutProperty(layerId, 'visibility', visible ? 'visible' : 'none');
    this.changed();
    this.stateChanges.layersChanged();
    return true;
  }

  validateFilter(filter: unknown): Promise<ValidationErrors> {
    return validateFilter(filter);
  }

  async setFilter(layerId: string, filter: unknown): Promise<void> {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    this.map.setFilter(layerId, (filter ?? null) as maplibregl.FilterSpecification | null, {
      validate: false,
    });
    if (filter === null || filter === undefined) delete layer.filter;
    else layer.filter = filter;
    this.changed();
    this.stateChanges.layersChanged();
  }

  validatePaint(kind: LayerKind, paint: Record<string, unknown>): Promise<ValidationErrors> {
    return validatePaint(kind, paint);
  }

  async setPaint(layerId: string, paint: Record<string, unknown>): Promise<void> {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    for (const [property, value] of Object.entries(paint))
      this.paintProperty(layerId, property, value);
    Object.assign(layer.paint, paint);
    this.changed();
    this.stateChanges.layersChanged();
  }

  /** Sets one paint property; `undefined` gives it back MapLibre's default. */
  private paintProperty(layerId: string, property: string, value: unknown): void {
    // Values were validated by validatePaint; the map's typed setter cannot know that.
    const setPaintProperty = this.map.setPaintProperty.bind(this.map) as (
      id: string,
      name: string,
      value: unknown,
      options: { validate: boolean },
    ) => void;
    setPaintProperty(layerId, property, value, { validate: false });
  }

  /** Resolves once the map has drawn everything it was asked to. */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      if (this.map.loaded() && !this.map.isMoving()) resolve();
      else this.map.once('idle', () => resolve());
    });
  }

  /** Distinct features of the layer drawn in the current view, as it is now. */
  renderedFeatureCount(layerId: string): number {
    if (!this.map.getLayer(layerId)) return 0;
    const features = this.map.queryRenderedFeatures({ layers: [layerId] });
    return new Set(features.map((feature) => feature.id ?? JSON.stringify(feature.properties)))
      .size;
  }

  async countFeaturesInView(layerId: string): Promise<number> {
    await this.whenIdle();
    return this.renderedFeatureCount(layerId);
  }

  async layerFeatures(layerId: string): Promise<FeatureCollection | undefined> {
    const layer = this.layers.get(layerId);
    return layer?.served ? layer.served.features.features() : layer?.features;
  }

  layerBounds(layerId: string): Bounds | undefined {
    const layer = this.layers.get(layerId);
    if (layer?.served) return layer.served.features.bounds;
    return layer && featureBounds(layer.features);
  }

  /** Every layer in listing order, as restoring and capturing see it. */
  layerRecords(): LayerState[] {
    return [...this.layers.values()].sort((a, b) => a.order - b.order);
  }

  captureState(): ConversationMapState {
    return captureConversationMapState(this.layerRecords(), cameraOf(this.map), this.stackOrder());
  }

  async restoreState(
    state: ConversationMapState | undefined,
    redraw: RedrawResultLayer,
  ): Promise<MapRestoreReport> {
    return this.stateChanges.whileRestoring(() => restoreMapState(this, state, redraw));
  }

  /** Takes a layer and its source off the map. */
  removeLayer(layerId: string): void {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    this.layers.delete(layerId);
    this.takeOff(layer);
    this.changed();
    this.stateChanges.layersChanged();
  }

  /** Removes a layer and its source from MapLibre, and lets go of features served for it. */
  private takeOff(layer: LayerState): void {
    this.map.removeLayer(layer.id);
    this.map.removeSource(layer.id);
    if (layer.served) {
      stopServing(layer.served.key);
      layer.served.features.release();
    }
  }

  /** Clears the layer's filter and gives it back the paint and visibility it was added with. */
  resetLayer(layerId: string): void {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    if (layer.filter !== undefined) void this.setFilter(layerId, null);
    for (const property of Object.keys(layer.paint)) {
      const initial = layer.initialPaint[property];
      if (JSON.stringify(layer.paint[property]) !== JSON.stringify(initial))
        this.paintProperty(layerId, property, initial);
    }
    layer.paint = { ...layer.initialPaint };
    this.setVisibility(layerId, layer.initialVisible);
    this.changed();
  }

  /** The data layers as drawn, topmost first (the layer panel lists them so). */
  stackOrder(): string[] {
    return this.map
      .getLayersOrder()
      .filter((id) => this.layers.has(id))
      .reverse();
  }

  /** Moves a layer one place up or down among the data layers; false when it is already at that end. */
  moveLayer(layerId: string, direction: StackDirection): boolean {
    const drawn = this.stackOrder().reverse();
    const index = drawn.indexOf(layerId);
    if (index === -1) return false;
    if (direction === 'up') {
      if (index === drawn.length - 1) return false;
      // Below the layer two places up, or over everything when the one above is the top.
      this.map.moveLayer(layerId, drawn[index + 2]);
    } else {
      if (index === 0) return false;
      this.map.moveLayer(layerId, drawn[index - 1]);
    }
    this.changed();
    // The order is the conversation's, like a layer's visibility.
    this.stateChanges.layersChanged();
    return true;
  }

  publisherStack(): string[] {
    return [...this.bootStack];
  }

  /** Stacks the data layers as `topmostFirst` says, over the basemap as they always are. */
  arrangeLayers(topmostFirst: string[]): void {
    // Each goes to the top in turn, from the lowest: the last one moved ends up topmost.
    for (const layerId of [...topmostFirst].reverse())
      if (this.layers.has(layerId)) this.map.moveLayer(layerId);
    this.changed();
    this.stateChanges.layersChanged();
  }

  /** Sets a layer's opacity (0 to 1) through its paint, so a conversation keeps it like set_style. */
  setOpacity(layerId: string, opacity: number): void {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    const paint: Record<string, unknown> = { [`${layer.kind}-opacity`]: opacity };
    if (layer.kind === 'circle') paint['circle-stroke-opacity'] = opacity;
    void this.setPaint(layerId, paint);
  }

  /** Fits the view to a layer's features (nothing happens when it has none yet). */
  async zoomToLayer(layerId: string): Promise<void> {
    const bounds = this.layerBounds(layerId);
    if (bounds) await this.moveCamera({ bounds });
  }

  /** Moves the camera at once to `camera`, or to the config's initial view. */
  jumpCamera(camera: CameraState | undefined): void {
    jumpCamera(this.map, camera ?? this.initialView);
  }

  async moveCamera(target: CameraTarget): Promise<void> {
    const moved = new Promise<void>((resolve) => this.map.once('moveend', () => resolve()));
    if ('bounds' in target) {
      this.map.fitBounds(target.bounds, {
        padding: this.fitPadding(),
        maxZoom: 12,
        duration: 600,
      });
    } else {
      this.map.flyTo({
        center: target.center,
        zoom: target.zoom ?? this.map.getZoom(),
        duration: 600,
      });
    }
    await moved;
  }

  /** The padding of a fit: past the panels over the map (the layer panel, "Add data"). */
  private fitPadding(): FitPadding {
    const container = this.map.getContainer();
    const panels = [...container.querySelectorAll<HTMLElement>('.map-overlay > *')]
      .filter((panel) => panel.offsetParent !== null)
      .map((panel) => panel.getBoundingClientRect());
    return fitPadding(container.getBoundingClientRect(), panels);
  }

  getState(): MapState {
    const bounds = this.map.getBounds();
    const { center, zoom, bearing } = cameraOf(this.map);
    return {
      center,
      zoom,
      bearing,
      bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map(
        roundCoordinate,
      ) as Bounds,
      layers: this.listLayers(),
    };
  }

  /** Removes the map and its WebGL context. */
  destroy(): void {
    this.stopFollowingTheme();
    this.gate?.release();
    this.listeners.clear();
    this.stateChanges.clear();
    this.map.remove();
    releaseMapWorkers();
  }
}

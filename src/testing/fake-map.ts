// A MapPort without WebGL, for unit tests of map tools. It evaluates filters with MapLibre's own
// style-spec (so a filter that passes here behaves the same on the real map) and counts every feature
// that passes the filter as "in view". It captures and restores states with the same code as the
// real map (restore-map-state.ts).
import { featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { featureBounds } from '../geo/feature-bounds';
import { legendFromPaint } from '../map/layers/legend';
import { validateFilter, validatePaint } from '../map/layers/style-validation';
import {
  captureConversationMapState,
  type CameraState,
  type ConversationMapState,
  type LayerRecord,
} from '../tools/map/conversation-map-state';
import { MapStateNotifier } from '../tools/map/map-state-notifier';
import { restoreMapState, type RestoreTarget } from '../tools/map/restore-map-state';
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
import type { FeatureCollection } from 'geojson';

interface FakeLayer extends NewLayer, LayerRecord {
  visible: boolean;
  paint: Record<string, unknown>;
  initialVisible: boolean;
}

/** Where the camera is: the publisher's initial view and what restoring `undefined` goes back to. */
type FakeCamera = { center: [number, number]; zoom: number };

/** An in-memory map that records what tools did to it. */
export class FakeMap implements MapPort, RestoreTarget {
  readonly layers = new Map<string, FakeLayer>();
  /** Layer ids as they stack, bottom first (the listing order is `layers`'). */
  private stack: string[] = [];
  /** Layer ids in the order they were first added. */
  private readonly added: string[] = [];
  camera: FakeCamera;
  private readonly stateChanges: MapStateNotifier;

  constructor(private readonly initialCamera: FakeCamera = { center: [0, 0], zoom: 2 }) {
    this.camera = { ...initialCamera };
    this.stateChanges = new MapStateNotifier(this.cameraState());
  }

  listLayers(): LayerInfo[] {
    return [...this.layers.keys()].flatMap((id) => this.getLayer(id) ?? []);
  }

  getLayer(layerId: string): LayerInfo | undefined {
    const layer = this.layers.get(layerId);
    if (!layer) return undefined;
    const legend = legendFromPaint(layer.kind, layer.paint, layer.legendTitle ?? layer.title);
    return {
      id: layer.id,
      title: layer.title,
      kind: layer.kind,
      visible: layer.visible,
      paint: { ...layer.paint },
      featureCount: layer.served?.featureCount ?? layer.features.features.length,
      properties:
        layer.served?.properties ?? Object.keys(layer.features.features[0]?.properties ?? {}),
      ...(layer.filter !== undefined ? { filter: layer.filter } : {}),
      ...(layer.datasetId ? { datasetId: layer.datasetId } : {}),
      ...(legend ? { legend } : {}),
    };
  }

  setVisibility(layerId: string, visible: boolean): boolean {
    const layer = this.layers.get(layerId);
    if (!layer || layer.visible === visible) return false;
    layer.visible = visible;
    this.stateChanges.layersChanged();
    return true;
  }

  validateFilter(filter: unknown): Promise<ValidationErrors> {
    return validateFilter(filter);
  }

  async setFilter(layerId: string, filter: unknown): Promise<void> {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    if (filter === null || filter === undefined) delete layer.filter;
    else layer.filter = filter;
    this.stateChanges.layersChanged();
  }

  validatePaint(kind: LayerKind, paint: Record<string, unknown>): Promise<ValidationErrors> {
    return validatePaint(kind, paint);
  }

  async setPaint(layerId: string, paint: Record<string, unknown>): Promise<void> {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    Object.assign(layer.paint, paint);
    this.stateChanges.layersChanged();
  }

  async countFeaturesInView(layerId: string): Promise<number> {
    const layer = this.layers.get(layerId);
    if (!layer || !layer.visible) return 0;
    if (layer.filter === undefined) return layer.features.features.length;
    const filter = featureFilter(layer.filter as Parameters<typeof featureFilter>[0], 'filter');
    return layer.features.features.filter((feature) =>
      filter.filter({ zoom: this.camera.zoom }, {
        type: 1,
        properties: feature.properties ?? {},
        geometry: [],
      } as unknown as Parameters<typeof filter.filter>[1]),
    ).length;
  }

  async layerFeatures(layerId: string): Promise<FeatureCollection | undefined> {
    const layer = this.layers.get(layerId);
    return layer?.served ? layer.served.features() : layer?.features;
  }

  layerBounds(layerId: string): Bounds | undefined {
    const layer = this.layers.get(layerId);
    if (layer?.served) return layer.served.bounds;
    return layer && featureBounds(layer.features);
  }

  async moveCamera(target: CameraTarget): Promise<void> {
    if ('bounds' in target) {
      const [west, south, east, north] = target.bounds;
      this.camera = { center: [(west + east) / 2, (south + north) / 2], zoom: 4 };
    } else {
      this.camera = { center: target.center, zoom: target.zoom ?? this.camera.zoom };
    }
    this.stateChanges.cameraMoved(this.cameraState());
  }

  featuresReady(): Promise<void> {
    return Promise.resolve();
  }

  getState(): MapState {
    return { ...this.camera, bearing: 0, bounds: [-180, -85, 180, 85], layers: this.listLayers() };
  }

  async addLayer(layer: NewLayer): Promise<void> {
    // A replaced layer keeps its place in the list, as on the real map.
    const visible = layer.visible ?? true;
    this.layers.set(layer.id, {
      ...layer,
      visible,
      initialVisible: visible,
      paint: { ...layer.paint },
      initialPaint: { ...layer.paint },
    });
    if (!this.stack.includes(layer.id)) this.stack.push(layer.id);
    if (!this.added.includes(layer.id)) this.added.push(layer.id);
    this.stateChanges.layersChanged();
  }

  private cameraState(): CameraState {
    return { center: [...this.camera.center], zoom: this.camera.zoom, bearing: 0, pitch: 0 };
  }

  layerRecords(): LayerRecord[] {
    return [...this.layers.values()];
  }

  captureState(): ConversationMapState {
    return captureConversationMapState(this.layerRecords(), this.cameraState(), this.stackOrder());
  }

  restoreState(
    state: ConversationMapState | undefined,
    redraw: RedrawResultLayer,
  ): Promise<MapRestoreReport> {
    return this.stateChanges.whileRestoring(() => restoreMapState(this, state, redraw));
  }

  onStateChange(listener: (change: MapStateChange) => void): () => void {
    return this.stateChanges.subscribe(listener);
  }

  removeLayer(layerId: string): void {
    if (!this.layers.delete(layerId)) return;
    this.stack = this.stack.filter((id) => id !== layerId);
    this.stateChanges.layersChanged();
  }

  resetLayer(layerId: string): void {
    const layer = this.layers.get(layerId);
    if (!layer) return;
    delete layer.filter;
    layer.paint = { ...layer.initialPaint };
    layer.visible = layer.initialVisible;
    this.stateChanges.layersChanged();
  }

  /** The layers topmost first: the last added is on top, as on the real map. */
  stackOrder(): string[] {
    return this.stack.filter((id) => this.layers.has(id)).reverse();
  }

  /** Every layer as it was added (the last on top), which is how this fake's publisher stacks them. */
  publisherStack(): string[] {
    return [...this.added].reverse();
  }

  /** Moves a layer one place up or down the stack, as the layer panel does. */
  moveLayer(layerId: string, direction: 'up' | 'down'): boolean {
    const stack = this.stackOrder();
    const index = stack.indexOf(layerId);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (index === -1 || other < 0 || other >= stack.length) return false;
    [stack[index], stack[other]] = [stack[other]!, layerId];
    this.arrangeLayers(stack);
    return true;
  }

  arrangeLayers(topmostFirst: string[]): void {
    // A layer the order leaves out stays, at the bottom.
    const named = new Set(topmostFirst);
    this.stack = [
      ...this.stack.filter((id) => !named.has(id)),
      ...[...topmostFirst].reverse().filter((id) => this.layers.has(id)),
    ];
    this.stateChanges.layersChanged();
  }

  jumpCamera(camera: CameraState | undefined): void {
    const view = camera ?? this.initialCamera;
    this.camera = { center: [...view.center], zoom: view.zoom };
    this.stateChanges.cameraMoved(this.cameraState());
  }
}

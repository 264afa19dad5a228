// A MapPort without WebGL, for unit tests of map tools. It evaluates filters with MapLibre's own
// style-spec (so a filter that passes here behaves the same on the real map) and counts every feature
// that passes the filter as "in view".
import { featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { featureBounds } from '../map/feature-bounds';
import { legendFromPaint } from '../map/legend';
import { validateFilter, validatePaint } from '../map/style-validation';
import type {
  Bounds,
  CameraTarget,
  LayerInfo,
  LayerKind,
  MapPort,
  MapState,
  NewLayer,
  ValidationErrors,
} from '../tools/map/map-port';
import type { FeatureCollection } from 'geojson';

interface FakeLayer extends NewLayer {
  visible: boolean;
  filter?: unknown;
  paint: Record<string, unknown>;
}

/** An in-memory map that records what tools did to it. */
export class FakeMap implements MapPort {
  readonly layers = new Map<string, FakeLayer>();
  camera: { center: [number, number]; zoom: number } = { center: [0, 0], zoom: 2 };

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
      featureCount: layer.features.features.length,
      properties: Object.keys(layer.features.features[0]?.properties ?? {}),
      ...(layer.filter !== undefined ? { filter: layer.filter } : {}),
      ...(layer.datasetId ? { datasetId: layer.datasetId } : {}),
      ...(legend ? { legend } : {}),
    };
  }

  setVisibility(layerId: string, visible: boolean): boolean {
    const layer = this.layers.get(layerId);
    if (!layer || layer.visible === visible) return false;
    layer.visible = visible;
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
  }

  validatePaint(kind: LayerKind, paint: Record<string, unknown>): Promise<ValidationErrors> {
    return validatePaint(kind, paint);
  }

  async setPaint(layerId: string, paint: Record<string, unknown>): Promise<void> {
    const layer = this.layers.get(layerId);
    if (layer) Object.assign(layer.paint, paint);
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

  layerFeatures(layerId: string): FeatureCollection | undefined {
    return this.layers.get(layerId)?.features;
  }

  layerBounds(layerId: string): Bounds | undefined {
    const layer = this.layers.get(layerId);
    return layer && featureBounds(layer.features);
  }

  async moveCamera(target: CameraTarget): Promise<void> {
    if ('bounds' in target) {
      const [west, south, east, north] = target.bounds;
      this.camera = { center: [(west + east) / 2, (south + north) / 2], zoom: 4 };
    } else {
      this.camera = { center: target.center, zoom: target.zoom ?? this.camera.zoom };
    }
  }

  featuresReady(): Promise<void> {
    return Promise.resolve();
  }

  getState(): MapState {
    return { ...this.camera, bearing: 0, bounds: [-180, -85, 180, 85], layers: this.listLayers() };
  }

  async addLayer(layer: NewLayer): Promise<void> {
    this.layers.set(layer.id, { ...layer, visible: true, paint: { ...layer.paint } });
  }
}

// A layer's features cut into vector tiles on demand, the way MapLibre's own GeoJSON sources cut them
// in its worker: used where the features are, so a large upload's features never cross to the page's
// thread (cloning 100,000 features there, either way, took longer than parsing them).
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';

/** MapLibre's tile geometry resolution and the 512-pixel tiles it expects from a vector source. */
const extent = 8192;
const pixelsToUnits = extent / 512;

/** The deepest tiles cut; MapLibre over-zooms them beyond (0.3 m a tile unit at this depth). */
export const featureTilesMaxZoom = 14;

/** Vector tiles of one collection, cut as they are asked for. */
export class FeatureTiles {
  private index: GeoJSONVT | undefined;

  /**
   * `layerName` is the tile layer the features go in; `tolerance` is the simplification in pixels
   * (0.375 keeps points and fine shapes exact). Features are numbered by their index, so the map can
   * tell them apart. Nothing is cut yet: see `prepare`.
   */
  constructor(
    private readonly features: FeatureCollection,
    private readonly layerName: string,
    private readonly tolerance: number,
  ) {}

  /**
   * Builds the tile index (for 100,000 points a few hundred milliseconds), which the first tile
   * would otherwise do: the worker answers a file's summary first and prepares its tiles after, so
   * the layer reaches the map while they are cut.
   */
  prepare(): GeoJSONVT {
    if (this.index) return this.index;
    const numbered: FeatureCollection = {
      type: 'FeatureCollection',
      features: this.features.features.map((feature, index) => ({ ...feature, id: index })),
    };
    // The same buffer and simplification as the page's GeoJSON layers (map-controller.ts).
    this.index = new GeoJSONVT(numbered, {
      maxZoom: featureTilesMaxZoom,
      extent,
      buffer: 16 * pixelsToUnits,
      tolerance: this.tolerance * pixelsToUnits,
    });
    return this.index;
  }

  /** The tile's Mapbox Vector Tile bytes, or undefined when no feature falls in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    const tile = this.prepare().getTile(z, x, y);
    if (!tile || tile.features.length === 0) return undefined;
    return fromGeojsonVt({ [this.layerName]: tile }, { version: 2, extent });
  }
}

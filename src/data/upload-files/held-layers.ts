// The uploads' layers held where they were read (the table decoder's worker): their features, for the
// tiles the map asks for and for joins, so the page never holds or clones them.
import { FeatureTiles, featureTilesMaxZoom } from '../../geo/feature-tiles';
import { kindForGeometry } from '../../geo/layer-kind';
import { readLayerFile, type LayerFileFormat, type UploadFileSummary } from './upload-layer-file';
import type { FeatureCollection } from 'geojson';

/** A file read for its layer: its summary, and the deepest zoom its tiles are cut at. */
export interface HeldLayerRead {
  summary: UploadFileSummary;
  tileMaxZoom: number;
}

interface HeldLayer {
  features: FeatureCollection;
  tiles: FeatureTiles;
}

/** Layers by id: read from a file, cut into tiles on demand, let go when the layer goes. */
export class HeldLayers {
  private readonly layers = new Map<string, HeldLayer>();

  /**
   * Reads the file and, when it has features, holds them as `layerId`, cut into tiles whose layer is
   * named `tileLayer`.
   */
  read(
    layerId: string,
    tileLayer: string,
    format: LayerFileFormat,
    bytes: Uint8Array,
  ): HeldLayerRead {
    const { summary, features } = readLayerFile(format, bytes);
    if (features && summary.layer) {
      // Points and fine shapes stay exact; shapes are simplified as MapLibre does for GeoJSON layers.
      const tolerance = kindForGeometry(summary.layer.geometryType) === 'circle' ? 0.375 : 1;
      this.layers.set(layerId, {
        features,
        tiles: new FeatureTiles(features, tileLayer, tolerance),
      });
    }
    return { summary, tileMaxZoom: featureTilesMaxZoom };
  }

  /** Cuts the layer's tile index now (after its summary was answered), if it is still held. */
  prepare(layerId: string): void {
    this.layers.get(layerId)?.tiles.prepare();
  }

  /** A tile of the layer, or undefined when it is empty (or the layer is not held). */
  tile(layerId: string, z: number, x: number, y: number): Uint8Array | undefined {
    return this.layers.get(layerId)?.tiles.tile(z, x, y);
  }

  /** The layer's features; throws when it is not held. */
  features(layerId: string): FeatureCollection {
    const layer = this.layers.get(layerId);
    if (!layer) throw new Error(`The layer ${layerId} is not held.`);
    return layer.features;
  }

  /** How many layers are held (what a removed or replaced upload must bring down). */
  get count(): number {
    return this.layers.size;
  }

  /** Lets the layer go. */
  release(layerId: string): void {
    this.layers.delete(layerId);
  }
}

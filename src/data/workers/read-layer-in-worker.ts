// An upload read for its map layer in the table decoder's worker: the page gets the summary (counts,
// extent, columns) and asks for tiles and features as it needs them; the features stay in the worker.
import { askDecoder, markLayerHeld } from './table-decoder-client';
import type { HeldLayerRead } from '../upload-files/held-layers';
import type { LayerFileFormat, UploadFileSummary } from '../upload-files/upload-layer-file';
import type { FeatureCollection } from 'geojson';

/** A layer read in the worker: its summary, and its features held there. */
export interface LayerInWorker {
  summary: UploadFileSummary;
  /** The deepest zoom tiles are cut at. */
  tileMaxZoom: number;
  /** The tile's vector tile bytes, or undefined when no feature falls in it. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | undefined>;
  /** The features, copied to the page (a join with the layer needs them). */
  features(): Promise<FeatureCollection>;
  /** Lets the worker forget the features (the layer was removed or replaced). */
  release(): void;
}

let reads = 0;

/**
 * Reads an uploaded file in the worker, which holds its features for tiles whose layer is named
 * `tileLayer`; throws the reader's sentence.
 */
export async function readLayerInWorker(
  tileLayer: string,
  format: LayerFileFormat,
  file: Blob | Uint8Array,
): Promise<LayerInWorker> {
  // A file goes as it is and the worker reads it; bytes go as a copy, so the caller's stay whole.
  const bytes = file instanceof Uint8Array ? file.slice() : file;
  // Each read held apart: a replaced upload's late release must not take its successor's features.
  const layerId = `${tileLayer}#${++reads}`;
  const { summary, tileMaxZoom } = await askDecoder<HeldLayerRead>(
    { kind: 'layer', layerId, tileLayer, format, bytes },
    bytes instanceof Uint8Array ? [bytes.buffer] : [],
  );
  // Points drawn from the table (too many for features) are not held here.
  if (!summary.layer || summary.layer.pointColumns)
    return {
      summary,
      tileMaxZoom,
      tile: async () => undefined,
      features: emptyFeatures,
      release: () => undefined,
    };
  markLayerHeld(layerId, true);
  let released = false;
  return {
    summary,
    tileMaxZoom,
    tile: async (z, x, y) =>
      (await askDecoder<Uint8Array | null>({ kind: 'tile', layerId, z, x, y })) ?? undefined,
    features: () => askDecoder<FeatureCollection>({ kind: 'features', layerId }),
    release: () => {
      if (released) return;
      released = true;
      markLayerHeld(layerId, false);
      void askDecoder({ kind: 'release', layerId }).catch(() => undefined);
    },
  };
}

async function emptyFeatures(): Promise<FeatureCollection> {
  return { type: 'FeatureCollection', features: [] };
}

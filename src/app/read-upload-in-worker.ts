// The page's upload reader: the file is read in the table decoder's worker, which keeps the features and
// cuts the layer's tiles, so adding a large file never holds the page's thread (docs/performance.md).
import { readLayerInWorker } from '../data/read-layer-in-worker';
import type { UploadReader } from './upload-dataset';

/** Reads an upload in the worker; the layer it draws is served from there. */
export const readUploadInWorker: UploadReader = async (table, format, bytes) => {
  const read = await readLayerInWorker(table, format, bytes);
  const { layer } = read.summary;
  if (!layer) return { summary: read.summary };
  return {
    summary: read.summary,
    served: {
      featureCount: layer.featureCount,
      bounds: layer.bounds,
      properties: layer.properties,
      maxZoom: read.tileMaxZoom,
      tile: read.tile,
      features: read.features,
      release: read.release,
    },
  };
};

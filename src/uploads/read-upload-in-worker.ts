// The page's upload reader: the file is read in the table decoder's worker, which keeps the features and
// cuts the layer's tiles, so adding a large file never holds the page's thread (docs/performance.md).
import { englishList } from '../agent/proposal/english-list';
import { readLayerInWorker } from '../data/workers/read-layer-in-worker';
import { onHeldLayersLost } from '../data/workers/table-decoder-client';
import type { UploadReader } from './upload-dataset';

/** Reads an upload in the worker; the layer it draws is served from there. */
export const readUploadInWorker: UploadReader = async (table, format, file) => {
  const read = await readLayerInWorker(table, format, file);
  const { layer } = read.summary;
  // Too many points for features: the layer is drawn from the table (draw-table-points.ts).
  if (!layer || layer.pointColumns) return { summary: read.summary };
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

/**
 * What the person reads when the worker that held uploads' layers failed (it ran out of memory, say):
 * their tiles come back empty, so the layers show nothing until a reload reads the kept files again.
 * `titleOf` names an upload's table by its file.
 */
export function lostUploadsMessage(layerIds: string[], titleOf: (table: string) => string): string {
  // A held layer's id is its table, then '#' and the read's number.
  const names = [...new Set(layerIds.map((id) => titleOf(id.split('#')[0] ?? id)))];
  return `The map can no longer draw ${englishList(names)}: the page's file reader stopped (the browser may have run out of memory). Reload the page to draw ${names.length > 1 ? 'them' : 'it'} again; the files are kept.`;
}

/** Tells `notify` when uploads' layers were lost with their worker; returns a function that stops it. */
export function reportLostUploads(
  notify: (message: string) => void,
  titleOf: (table: string) => string,
): () => void {
  return onHeldLayersLost((layerIds) => notify(lostUploadsMessage(layerIds, titleOf)));
}

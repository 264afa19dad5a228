// An upload's layer put on the map: its kind from its geometry, its own colour among the uploads, and
// the camera taken to it for a new upload.
import { kindForGeometry } from '../geo/layer-kind';
import { uploadPaint } from '../map/layers/layer-paint';
import type { DatasetCatalog } from '../config/dataset-catalog';
import type { MapPort } from '../tools/map/map-port';
import type { ReadUpload, UploadSource } from './upload-dataset';

/** Adds the read file's layer (its id is the table's) and returns the id; the summary must have a layer. */
export async function drawUploadLayer(
  map: MapPort,
  catalog: DatasetCatalog,
  source: Pick<UploadSource, 'table' | 'fileName'>,
  read: ReadUpload,
  options: { moveCamera: boolean },
): Promise<string> {
  const { table, fileName } = source;
  const kind = kindForGeometry(read.summary.layer?.geometryType);
  // Each upload its own colour: the n-th of the uploads, this one kept in its place when replaced.
  const uploads = catalog.list().filter((entry) => entry.origin === 'upload');
  const place = uploads.findIndex((entry) => entry.table === table);
  await map.addLayer({
    id: table,
    title: fileName,
    kind,
    features: read.features ?? { type: 'FeatureCollection', features: [] },
    ...(read.served ? { served: read.served } : {}),
    datasetId: table,
    paint: uploadPaint(kind, place === -1 ? uploads.length : place),
  });
  const bounds = map.layerBounds(table);
  // Not awaited: the camera glides while the person reads the message.
  if (bounds && options.moveCamera) void map.moveCamera({ bounds });
  return table;
}

// A large CSV or TSV: its table comes first. DuckDB reads the file where it is (no copy in the page),
// its progress is shown in percent and bytes, and Cancel stops it and drops what was read. The upload
// is announced once SQL can read the table; its layer is drawn after, and the person is told when it
// is (a 100 MB file said "drawn as layer" while nothing could yet be seen).
import { quoteIdentifier } from '../data/sql-identifier';
import {
  describeColumns,
  hasPointColumns,
  pointColumnsOf,
} from '../data/upload-files/upload-layer-file';
import { errorMessage } from '../errors/error-message';
import { largePointCount } from '../geo/point-tiles';
import { drawUploadLayer } from './draw-upload-layer';
import { serveTablePoints } from './serve-table-points';
import { cancelledOutcome, readUploadHere, thinnedNote } from './upload-dataset';
import { featureWords, leftOutNote, raggedNote } from './upload-notes';
import type { CatalogEntry } from '../config/dataset-catalog';
import type {
  AddedUpload,
  ReadUpload,
  UploadDependencies,
  UploadEngine,
  UploadOptions,
  UploadSource,
} from './upload-dataset';

/**
 * Files larger than this (in bytes) load their table first; smaller ones draw their layer first (it
 * is ready in a second or two, and the notice can say it is drawn).
 */
export const tableFirstBytes = 16_000_000;

/** Whether a new upload loads its table first: a CSV or TSV over `threshold` bytes. */
export function loadsTableFirst(
  source: UploadSource,
  options: UploadOptions = {},
  threshold = tableFirstBytes,
): boolean {
  return (
    !options.restoring &&
    (source.format === 'csv' || source.format === 'tsv') &&
    source.file.size > threshold
  );
}

/** Rows read to describe the columns for the model. */
const describedRows = 500;

/**
 * Loads the file's table with its progress, adds its catalog entry, and draws its layer after: the
 * outcome comes once SQL can read the table, `tableReady` settles once the layer is drawn (or could
 * not be). `engine` is the running data engine. Never throws.
 */
export async function addTableFirst(
  source: UploadSource,
  engine: UploadEngine,
  dependencies: UploadDependencies,
  options: UploadOptions = {},
): Promise<AddedUpload> {
  const { table, fileName, format, file } = source;
  const { catalog, map } = dependencies;
  const done = Promise.resolve();
  const previous = catalog.get(table);
  if (previous && previous.origin !== 'upload') {
    const message = `${fileName}: the table ${table} belongs to one of this map's own datasets.`;
    return { outcome: { ok: false, message }, tableReady: done };
  }
  await options.onPhase?.('loading');
  const totalBytes = file.size;
  options.onProgress?.({ loadedBytes: 0, totalBytes });
  try {
    options.signal?.throwIfAborted();
    await engine.drop(table);
    // The earlier file's table is gone: its layer and entry go with it, whatever happens next.
    if (previous) forget(previous, dependencies);
    await engine.load(
      { table, format, file },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (fraction) =>
          options.onProgress?.({ loadedBytes: Math.round(fraction * totalBytes), totalBytes }),
      },
    );
    // An engine that cannot stop a load (Node's) finishes it: what it read goes all the same.
    if (options.signal?.aborted) {
      await engine.drop(table);
      options.signal.throwIfAborted();
    }
  } catch (error) {
    if (options.signal?.aborted) return { outcome: cancelledOutcome(fileName), tableReady: done };
    const message = `${fileName} could not be read: ${errorMessage(error)}.`;
    return { outcome: { ok: false, message }, tableReady: done };
  }
  let described: { rowCount: number; columns: string[]; rows: Record<string, unknown>[] };
  try {
    described = await describeLoaded(engine, table);
  } catch (error) {
    await engine.drop(table).catch(() => undefined);
    const message = `${fileName} could not be read: ${errorMessage(error)}.`;
    return { outcome: { ok: false, message }, tableReady: done };
  }
  const { rowCount, columns } = described;
  if (rowCount === 0) {
    await engine.drop(table).catch(() => undefined);
    return {
      outcome: { ok: false, message: `${fileName} has a header but no rows.` },
      tableReady: done,
    };
  }
  const entry: CatalogEntry = {
    id: table,
    title: fileName,
    description: `Uploaded by the person (${rowCount} rows).`,
    table,
    columns: describeColumns(described.rows, columns),
    format,
    origin: 'upload',
  };
  catalog.add(entry);
  const drawable = map !== undefined && hasPointColumns(columns);
  const replaced = previous ? ` It replaces the earlier upload of ${previous.title}.` : '';
  const where = drawable
    ? `; its points are being drawn as layer ${table}`
    : ' (no longitude/latitude columns, so it is not drawn)';
  const layerDrawn = drawable ? drawLater(source, entry, engine, rowCount, dependencies) : done;
  return {
    outcome: {
      ok: true,
      message: `${fileName} was added as table ${table} (${rowCount} rows)${where}.${replaced}`,
      entry,
      ...(drawable ? { after: 'drawing' as const } : {}),
    },
    tableReady: layerDrawn,
  };
}

/** The loaded table's row count, columns and first rows (to describe the columns for the model). */
async function describeLoaded(engine: UploadEngine, table: string) {
  const name = quoteIdentifier(table);
  const count = await engine.query(`SELECT count(*) AS n FROM ${name}`);
  const sample = await engine.query(`SELECT * FROM ${name} LIMIT ${describedRows}`, {
    maxRows: describedRows,
  });
  return {
    rowCount: Number(count.rows[0]?.n ?? 0),
    columns: sample.columns.map((column) => column.name),
    rows: sample.rows,
  };
}

/** Takes an earlier upload of the same table off the map and out of the catalog. */
function forget(previous: CatalogEntry, dependencies: UploadDependencies): void {
  if (previous.layerId) dependencies.map?.removeLayer(previous.layerId);
  dependencies.catalog.remove(previous.id);
}

/**
 * Draws the table's layer after its table, and tells the person once it is drawn (its first tile
 * cut). Points too many for features are read from DuckDB as typed arrays and tiled in a worker (the
 * file is not parsed again); fewer are read from the file as features. A removal or a newer upload of
 * the table meanwhile wins.
 */
async function drawLater(
  source: UploadSource,
  entry: CatalogEntry,
  engine: UploadEngine,
  rowCount: number,
  dependencies: UploadDependencies,
): Promise<void> {
  const { table, fileName, format, file } = source;
  const { catalog, map } = dependencies;
  const columns = pointColumnsOf(Object.keys(entry.columns));
  try {
    if (!map || !columns || format === 'parquet' || format === 'geojson') return;
    const fromTable = rowCount > largePointCount && engine.readPoints !== undefined;
    const read = fromTable
      ? await readTablePoints(engine, source, entry, rowCount, columns)
      : await (dependencies.readUpload ?? readUploadHere)(table, format, file);
    const layer = read.summary.layer;
    if (!layer || catalog.get(table) !== entry) {
      read.served?.release();
      return;
    }
    await drawUploadLayer(map, catalog, source, read, { moveCamera: true });
    catalog.add({ ...entry, layerId: table });
    // The first tile waits for the worker's tile index: once it is answered, the layer draws.
    await read.served?.tile(0, 0, 0);
    const left = fromTable ? rowCount - layer.featureCount : 0;
    const leftOut = fromTable
      ? left > 0
        ? `; ${left} rows without a position on the map are left out`
        : ''
      : leftOutNote(layer.leftOut);
    dependencies.onLateNotice?.(
      `${fileName} is drawn as layer ${table} (${featureWords(layer.featureCount)})${leftOut}${fromTable ? thinnedNote : ''}.${raggedNote(read.summary.raggedRows, read.summary.columns.length)}`,
    );
  } catch (error) {
    dependencies.onLateFailure?.(
      `${fileName}: its layer could not be drawn (${errorMessage(error)}); the table ${table} has every row.`,
    );
  }
}

/** The loaded table's points, served from the point tile worker, as a read upload. */
async function readTablePoints(
  engine: UploadEngine,
  source: UploadSource,
  entry: CatalogEntry,
  rowCount: number,
  columns: { longitude: string; latitude: string },
): Promise<ReadUpload> {
  const served = await serveTablePoints(engine, { table: source.table, ...columns });
  return {
    summary: {
      rowCount,
      columns: Object.keys(entry.columns),
      columnDescriptions: entry.columns,
      layer: {
        featureCount: served.featureCount,
        geometryType: 'Point',
        bounds: served.bounds,
        properties: [],
        pointColumns: columns,
      },
    },
    served,
  };
}

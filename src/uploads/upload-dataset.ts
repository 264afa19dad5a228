// Turns an uploaded file into a table in the data engine, a map layer and a catalog entry: one path for a
// file the person just picked or dropped and for one kept from an earlier visit. The file is read in the
// browser, by DuckDB's worker and the decoder's (the page's thread reads only its first bytes); nothing
// is sent anywhere. A large CSV or TSV goes through add-table-first.ts instead.
import { ROW_CAPS } from '../config/row-caps';
import { tableNameFromFile } from '../data/sql-identifier';
import {
  readLayerFile,
  summariseRows,
  type LayerFileFormat,
  type UploadFileSummary,
} from '../data/upload-files/upload-layer-file';
import { errorMessage } from '../errors/error-message';
import { drawUploadLayer } from './draw-upload-layer';
import { contentMismatch } from './file-signature';
import { serveTablePoints } from './serve-table-points';
import { featureWords, leftOutNote, raggedNote } from './upload-notes';
import type { CatalogEntry, DatasetCatalog } from '../config/dataset-catalog';
import type { DataEngine, TableSource } from '../data/data-engine';
import type { MapPort, ServedFeatures } from '../tools/map/map-port';
import type { FeatureCollection } from 'geojson';

/** What uploads need of the data engine; `declare` (the lazy engine's) loads a table on first use. */
export type UploadEngine = DataEngine & { declare?(source: TableSource): void };

/**
 * A step of adding a file, shown to the person while it takes long: reading the file, loading it
 * (parsing it, or DuckDB reading a Parquet file or a large CSV), drawing its layer, and loading its
 * table for SQL (after the layer is drawn and the upload announced).
 */
export type UploadPhase = 'reading' | 'loading' | 'drawing' | 'sql';

/** Told each step an upload starts; the upload waits for it (so the step can be shown first). */
export type UploadPhaseListener = (phase: UploadPhase) => Promise<void> | void;

/** How much of a file has been read, in bytes. */
export interface UploadProgress {
  loadedBytes: number;
  totalBytes: number;
}

/** How an upload is followed and stopped. */
export interface UploadOptions {
  /** A file kept from an earlier visit: its table loads when SQL first needs it, the camera stays. */
  restoring?: boolean;
  onPhase?: UploadPhaseListener;
  /** Told how much of the file has been read, where the reader can tell (a large CSV or TSV). */
  onProgress?: (progress: UploadProgress) => void;
  /** The person's Cancel: the work stops and what was read is let go. */
  signal?: AbortSignal;
}

/**
 * An uploaded file read for its layer: its summary, and either its features or, when they are held
 * off the page's thread, what the map needs to draw them from there.
 */
export interface ReadUpload {
  summary: UploadFileSummary;
  features?: FeatureCollection;
  served?: ServedFeatures;
}

/** Reads a CSV, TSV or GeoJSON upload whose table and layer are `table`; throws a sentence. */
export type UploadReader = (
  table: string,
  format: LayerFileFormat,
  file: Blob,
) => Promise<ReadUpload>;

/** Reads on the caller's thread (Node, tests): the same reader the page's worker runs. */
export const readUploadHere: UploadReader = async (_table, format, file) =>
  readLayerFile(format, new Uint8Array(await file.arrayBuffer()));

/** What an upload needs. */
export interface UploadDependencies {
  map: MapPort | undefined;
  catalog: DatasetCatalog;
  engine: () => Promise<UploadEngine | undefined>;
  maxBytes: number;
  /** Reads a file for its layer; on the caller's thread by default (the page reads in a worker). */
  readUpload?: UploadReader;
  /** Told when the table could not be loaded for SQL after the upload was announced. */
  onLateFailure?: (message: string) => void;
  /** Told when a large upload's layer, announced as on its way, is drawn. */
  onLateNotice?: (message: string) => void;
  /** Size in bytes above which a CSV or TSV loads its table first (add-table-first.ts); 16 MB by default. */
  tableFirstBytes?: number;
}

/**
 * How an upload ended: a message for the person either way. `after` is the step still under way once
 * it is announced (the table loading for SQL, or a large upload's layer drawing); `cancelled` says the
 * person stopped it.
 */
export type UploadOutcome =
  | { ok: true; message: string; entry: CatalogEntry; after?: UploadPhase }
  | { ok: false; message: string; cancelled?: boolean };

/** The formats a person can add. */
export const uploadFormats = ['csv', 'tsv', 'parquet', 'geojson'] as const;

/** One of the formats a person can add. */
export type UploadFormat = (typeof uploadFormats)[number];

/** A file to add: one just picked, or one kept from an earlier visit. */
export interface UploadSource {
  /** The table name, also the layer id: kept with the file, so both stay the same after a reload. */
  table: string;
  fileName: string;
  format: UploadFormat;
  /** The file itself: read where it is (by DuckDB or a worker), never copied whole into the page. */
  file: Blob;
}

/**
 * An added upload, and what goes on after it is announced: its table loading for SQL, or a large
 * upload's layer drawing (settles either way: failures go to onLateFailure).
 */
export interface AddedUpload {
  outcome: UploadOutcome;
  tableReady: Promise<void>;
}

/**
 * The table for a file: the one of an earlier upload with the same file name (the new file replaces
 * it), else one named after the file that no other dataset has.
 */
export function tableNameFor(fileName: string, catalog: DatasetCatalog): string {
  const earlier = catalog
    .list()
    .find((entry) => entry.origin === 'upload' && entry.title === fileName);
  if (earlier) return earlier.table;
  const name = tableNameFromFile(fileName);
  let candidate = name;
  for (let index = 2; catalog.get(candidate); index += 1) candidate = `${name}_${index}`;
  return candidate;
}

function formatOf(fileName: string): UploadFormat | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'csv';
  if (extension === 'tsv') return 'tsv';
  if (extension === 'parquet') return 'parquet';
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  return undefined;
}

/** Loads `source` as its table, replacing an earlier one; `lazily` lets a lazy engine load it on first use. */
async function putTable(engine: UploadEngine, source: TableSource, lazily: boolean): Promise<void> {
  await engine.drop(source.table);
  if (lazily && engine.declare) engine.declare(source);
  else await engine.load(source);
}

async function readUpload(
  source: UploadSource,
  engine: () => Promise<UploadEngine | undefined>,
  reader: UploadReader,
): Promise<ReadUpload> {
  const { format, file, table } = source;
  if (format !== 'parquet') return reader(table, format, file);
  const data = await engine();
  if (!data)
    throw new Error('Parquet files need the data engine, which is not available in this page');
  await putTable(data, { table, format, file }, false);
  const result = await data.query(`SELECT * FROM "${table}" LIMIT ${ROW_CAPS.uploadLayer}`, {
    maxRows: ROW_CAPS.uploadLayer,
  });
  const counted = await data.query(`SELECT count(*)::DOUBLE AS n FROM "${table}"`);
  return summariseRows(
    result.rows,
    result.columns.map((column) => column.name),
    undefined,
    Number(counted.rows[0]?.n ?? result.rows.length),
  );
}

/** Said of a layer drawn from point tiles: what the person sees is not every point until zoomed in. */
export const thinnedNote =
  '; where its points crowd, the map shows one for every few pixels, and every point as you zoom in';

/**
 * Loads the upload's table (Parquet's is already loaded) and serves its points from the point tile
 * worker; throws a sentence.
 */
async function serveUploadPoints(
  source: UploadSource,
  columns: { longitude: string; latitude: string },
  engine: () => Promise<UploadEngine | undefined>,
  onPhase: UploadPhaseListener | undefined,
): Promise<ServedFeatures> {
  const data = await engine();
  if (!data)
    throw new Error('its points need the data engine, which is not available in this page');
  const { table, format, file } = source;
  await onPhase?.('sql');
  if (format !== 'parquet') await putTable(data, { table, format, file }, false);
  await onPhase?.('drawing');
  return serveTablePoints(data, { table, ...columns });
}

/** How much of a file's start tells what it is (file-signature.ts looks at no more). */
const signatureBytes = 4096;

/** Checks a picked or dropped file and names its table; a message for the person when it cannot be added. */
export async function uploadSourceFromFile(
  file: File,
  catalog: DatasetCatalog,
  maxBytes: number,
  onPhase?: UploadPhaseListener,
): Promise<UploadSource | { ok: false; message: string }> {
  const format = formatOf(file.name);
  if (!format)
    return {
      ok: false,
      message: `${file.name}: only CSV, TSV, GeoJSON and Parquet files can be added.`,
    };
  if (file.size > maxBytes) {
    return {
      ok: false,
      message: `${file.name} is ${(file.size / 1e6).toFixed(0)} MB; the limit is ${(maxBytes / 1e6).toFixed(0)} MB.`,
    };
  }
  if (file.size === 0) return { ok: false, message: `${file.name} is empty.` };
  await onPhase?.('reading');
  // Only the file's start is read here: the page never holds the whole file (DuckDB and the
  // decoder's worker read it where it is), and reading it whole ended in a long task on the page.
  const head = new Uint8Array(await file.slice(0, signatureBytes).arrayBuffer());
  // Checked before anything else runs: a renamed image gets this one message and nothing more.
  const mismatch = contentMismatch(file.name, format, head);
  if (mismatch) return { ok: false, message: mismatch };
  return { table: tableNameFor(file.name, catalog), fileName: file.name, format, file };
}

/**
 * Adds a file as a table, a layer (when it has geometry) and a catalog entry, replacing an earlier
 * upload of the same table. `restoring` (a file kept from an earlier visit) lets the table load when
 * SQL first needs it instead of starting DuckDB now, and leaves the camera alone; a new upload's layer
 * is zoomed to. `onPhase` hears each step. Never throws.
 */
export async function addUpload(
  source: UploadSource,
  dependencies: UploadDependencies,
  options: UploadOptions = {},
): Promise<AddedUpload> {
  const { table, fileName, format, file } = source;
  const failed = (message: string): AddedUpload => ({
    outcome: { ok: false, message },
    tableReady: Promise.resolve(),
  });
  const previous = dependencies.catalog.get(table);
  if (previous && previous.origin !== 'upload')
    return failed(`${fileName}: the table ${table} belongs to one of this map's own datasets.`);
  let read: ReadUpload;
  try {
    await options.onPhase?.('loading');
    read = await readUpload(source, dependencies.engine, dependencies.readUpload ?? readUploadHere);
  } catch (error) {
    return failed(`${fileName} could not be read: ${errorMessage(error)}.`);
  }
  const { summary } = read;
  if (options.signal?.aborted) {
    read.served?.release();
    return { outcome: cancelledOutcome(fileName), tableReady: Promise.resolve() };
  }
  if (summary.rowCount === 0) {
    read.served?.release();
    return failed(`${fileName} has a header but no rows.`);
  }
  let layerId: string | undefined;
  let loadedForPoints = false;
  const pointColumns = summary.layer?.pointColumns;
  if (pointColumns && summary.layer && dependencies.map) {
    // Too many points for features: DuckDB loads the table first, and the layer is drawn from it.
    try {
      const served = await serveUploadPoints(
        source,
        pointColumns,
        dependencies.engine,
        options.onPhase,
      );
      read = { ...read, served };
      summary.layer.featureCount = served.featureCount;
    } catch (error) {
      return failed(`${fileName} could not be drawn: ${errorMessage(error)}.`);
    }
    loadedForPoints = true;
  }
  if (summary.layer && dependencies.map) {
    await options.onPhase?.('drawing');
    layerId = await drawUploadLayer(dependencies.map, dependencies.catalog, source, read, {
      moveCamera: !options.restoring,
    });
  } else {
    read.served?.release();
  }
  if (!layerId && previous?.layerId) {
    // The earlier file was drawn and this one has nothing to draw.
    dependencies.map?.removeLayer(previous.layerId);
  }
  // The layer does not wait for DuckDB; the table is ready for SQL once the engine has loaded it.
  const tableReady =
    format === 'parquet' || loadedForPoints
      ? Promise.resolve()
      : dependencies
          .engine()
          .then(
            (engine) =>
              engine && putTable(engine, { table, format, file }, options.restoring === true),
          )
          .catch((error: unknown) =>
            dependencies.onLateFailure?.(
              `${fileName}: the table ${table} could not be loaded for SQL (${errorMessage(error)}); the layer still shows on the map.`,
            ),
          );
  const entry: CatalogEntry = {
    id: table,
    title: fileName,
    description: `Uploaded by the person (${summary.rowCount} rows).`,
    table,
    columns: summary.columnDescriptions,
    format,
    origin: 'upload',
    ...(layerId ? { layerId } : {}),
  };
  dependencies.catalog.add(entry);
  const where = layerId
    ? `and drawn as layer ${layerId} (${featureWords(summary.layer?.featureCount ?? 0)})${leftOutNote(summary.layer?.leftOut)}${loadedForPoints ? thinnedNote : ''}`
    : '(no longitude/latitude columns, so it is not drawn)';
  const replaced = previous ? ` It replaces the earlier upload of ${previous.title}.` : '';
  return {
    outcome: {
      ok: true,
      message: `${fileName} was added as table ${table} ${where}.${raggedNote(summary.raggedRows, summary.columns.length)}${replaced}`,
      entry,
    },
    tableReady,
  };
}

/** What the person reads when they stopped an upload. */
export function cancelledOutcome(fileName: string): UploadOutcome {
  return { ok: false, cancelled: true, message: `Adding ${fileName} was cancelled.` };
}

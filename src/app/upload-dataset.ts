// Turns a file the person picked or dropped into a table in the data engine and a map layer. The file is
// read in the page; nothing is sent anywhere.
import { fixAntimeridian } from '../geo/antimeridian';
import { pointFeatures } from '../geo/point-features';
import { kindForGeometry } from '../map/layer-paint';
import { parseDelimited } from '../map/parse-delimited';
import type { CatalogEntry, DatasetCatalog } from '../config/dataset-catalog';
import type { DataEngine, TableSource } from '../data/data-engine';
import type { MapPort } from '../tools/map/map-port';
import type { FeatureCollection } from 'geojson';

/** What an upload needs. */
export interface UploadDependencies {
  map: MapPort | undefined;
  catalog: DatasetCatalog;
  engine: () => Promise<DataEngine | undefined>;
  maxBytes: number;
  /** Told when the table could not be loaded for SQL after the upload was announced. */
  onLateFailure?: (message: string) => void;
}

/** How an upload ended: a message for the person either way. */
export type UploadOutcome =
  { ok: true; message: string; entry: CatalogEntry } | { ok: false; message: string };

const lonNames = ['longitude', 'lon', 'lng', 'long', 'x'];
const latNames = ['latitude', 'lat', 'y'];

function findColumn(columns: string[], names: string[]): string | undefined {
  return columns.find((column) => names.includes(column.toLowerCase()));
}

/** A table name from a file name: lower case, letters, digits and underscores, unique in the catalog. */
export function tableNameFor(fileName: string, catalog: DatasetCatalog): string {
  const base =
    fileName
      .replace(/\.[^.]+$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'upload';
  const name = /^[0-9]/.test(base) ? `t_${base}` : base;
  let candidate = name;
  for (let index = 2; catalog.get(candidate); index += 1) candidate = `${name}_${index}`;
  return candidate;
}

function formatOf(fileName: string): TableSource['format'] | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'csv';
  if (extension === 'tsv') return 'tsv';
  if (extension === 'parquet') return 'parquet';
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  return undefined;
}

function describeColumns(
  rows: Record<string, unknown>[],
  columns: string[],
): Record<string, string> {
  const described: Record<string, string> = {};
  for (const column of columns) {
    const values = rows
      .slice(0, 500)
      .map((row) => row[column])
      .filter((value) => value !== null && value !== undefined);
    const numeric =
      values.length > 0 &&
      values.every((value) => typeof value === 'number' || typeof value === 'bigint');
    const samples = [...new Set(values.map(String))]
      .slice(0, 3)
      .map((value) => `'${value.slice(0, 30)}'`);
    described[column] = numeric
      ? 'number (from the uploaded file)'
      : `text, e.g. ${samples.join(', ') || '(empty)'}`;
  }
  return described;
}

function parseGeoJson(text: string): FeatureCollection {
  const parsed = JSON.parse(text) as { type?: string; features?: unknown };
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(
      'it is JSON but not a GeoJSON FeatureCollection (it needs "type": "FeatureCollection" and "features")',
    );
  }
  const collection = parsed as FeatureCollection;
  return {
    type: 'FeatureCollection',
    features: collection.features.map((feature) =>
      feature.geometry ? { ...feature, geometry: fixAntimeridian(feature.geometry) } : feature,
    ),
  };
}

async function readRows(
  format: TableSource['format'],
  bytes: Uint8Array,
  table: string,
  engine: () => Promise<DataEngine | undefined>,
): Promise<{
  rows: Record<string, unknown>[];
  columns: string[];
  features?: FeatureCollection;
  raggedRows?: number[];
}> {
  if (format === 'parquet') {
    const data = await engine();
    if (!data)
      throw new Error('Parquet files need the data engine, which is not available in this page');
    await data.load({ table, format, bytes });
    const result = await data.query(`SELECT * FROM "${table}" LIMIT 100000`, { maxRows: 100_000 });
    return { rows: result.rows, columns: result.columns.map((column) => column.name) };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (format === 'geojson') {
    const features = parseGeoJson(text);
    const rows = features.features.map((feature) => feature.properties ?? {});
    return { rows, columns: Object.keys(rows[0] ?? {}), features };
  }
  return parseDelimited(text, format === 'tsv' ? '\t' : ',');
}

/** Loads the file; never throws. */
export async function uploadDataset(
  file: File,
  dependencies: UploadDependencies,
): Promise<UploadOutcome> {
  const format = formatOf(file.name);
  if (!format)
    return {
      ok: false,
      message: `${file.name}: only CSV, TSV, GeoJSON and Parquet files can be added.`,
    };
  if (file.size > dependencies.maxBytes) {
    return {
      ok: false,
      message: `${file.name} is ${(file.size / 1e6).toFixed(0)} MB; the limit is ${(dependencies.maxBytes / 1e6).toFixed(0)} MB.`,
    };
  }
  if (file.size === 0) return { ok: false, message: `${file.name} is empty.` };
  const table = tableNameFor(file.name, dependencies.catalog);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let parsed;
  try {
    parsed = await readRows(format, bytes, table, dependencies.engine);
  } catch (error) {
    return {
      ok: false,
      message: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  if (parsed.rows.length === 0)
    return { ok: false, message: `${file.name} has a header but no rows.` };
  const lon = findColumn(parsed.columns, lonNames);
  const lat = findColumn(parsed.columns, latNames);
  const features =
    parsed.features ?? (lon && lat ? pointFeatures(parsed.rows, lon, lat) : undefined);
  let layerId: string | undefined;
  if (features && features.features.length > 0 && dependencies.map) {
    layerId = table;
    await dependencies.map.addLayer({
      id: layerId,
      title: file.name,
      kind: kindForGeometry(features.features[0]?.geometry?.type),
      features,
      datasetId: table,
      paint: {},
    });
  }
  if (format !== 'parquet') {
    // The layer does not wait for DuckDB; the table is ready for SQL once the engine has loaded it.
    void dependencies
      .engine()
      .then((engine) => engine?.load({ table, format, bytes }))
      .catch((error: unknown) =>
        dependencies.onLateFailure?.(
          `${file.name}: the table ${table} could not be loaded for SQL (${error instanceof Error ? error.message : String(error)}); the layer still shows on the map.`,
        ),
      );
  }
  const entry: CatalogEntry = {
    id: table,
    title: file.name,
    description: `Uploaded by the person (${parsed.rows.length} rows).`,
    table,
    columns: describeColumns(parsed.rows, parsed.columns),
    format,
    origin: 'upload',
    ...(layerId ? { layerId } : {}),
  };
  dependencies.catalog.add(entry);
  const where = layerId
    ? `and drawn as layer ${layerId} (${features?.features.length ?? 0} features)`
    : '(no longitude/latitude columns, so it is not drawn)';
  return {
    ok: true,
    message: `${file.name} was added as table ${table} ${where}.${raggedNote(parsed.raggedRows, parsed.columns.length)}`,
    entry,
  };
}

/** Says which rows did not have the header's number of fields, and what was done with them. */
function raggedNote(raggedRows: number[] | undefined, fieldCount: number): string {
  if (!raggedRows || raggedRows.length === 0) return '';
  const shown = raggedRows.slice(0, 5).join(', ');
  const more = raggedRows.length > 5 ? ` and ${raggedRows.length - 5} more` : '';
  const plural = raggedRows.length === 1 ? 'row' : 'rows';
  return (
    ` ${raggedRows.length} ${plural} (${shown}${more}) did not have the header's ${fieldCount} fields:` +
    ' missing values were left empty, and extra values are kept only in SQL, as extra columns.'
  );
}

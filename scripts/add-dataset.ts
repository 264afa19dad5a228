// `npm run add-dataset -- FILE [--id ID] [--title TITLE] [--into dist|public] [--tiles auto|always|never]`
// adds a CSV, TSV, GeoJSON or Parquet file to a built app (or to public/ before a build): copies it into
// data/, writes its app-config.json entry (columns, geometry, layer, attribution placeholder), cuts
// vector tiles for a large layer, and lists the new files for the offline copy.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultAppConfig } from '../src/config/default-app-config.ts';
import { validateAppConfig } from '../src/config/validate-app-config.ts';
import { DuckDbNodeEngine } from '../src/data/duckdb-node/duckdb-node-engine.ts';
import { kindForGeometry, type LayerKind } from '../src/geo/layer-kind.ts';
import { pointFeatures } from '../src/geo/point-features.ts';
import { cutTiles, layerZooms } from './build/cut-tiles.ts';
import {
  datasetEntry,
  idFromFileName,
  pointColumns,
  tableFromId,
  type DatasetFacts,
} from './build/dataset-entry.ts';
import { importPageModule } from './import-page-module.ts';
import { serviceWorkerFile, writePrecacheManifest } from './publish/precache-manifest.ts';
import type { DatasetConfig, DatasetFormat, GeometryMapping } from '../src/config/app-config.ts';
import type * as DatasetFeatures from '../src/map/datasets/dataset-features.ts';
import type { FeatureCollection } from 'geojson';

/** What to add, and where. */
export interface AddDatasetOptions {
  file: string;
  /** The app folder: `dist` (a built app) or `public` (the next build's sources). */
  into: string;
  id?: string;
  title?: string;
  /** `auto` cuts tiles for a large layer (and for Parquet points, which the page draws only from tiles). */
  tiles?: 'auto' | 'always' | 'never';
}

/** What was added. */
export interface AddedDataset {
  entry: DatasetConfig;
  /** Files written, relative to the app folder. */
  written: string[];
}

/** Past these a layer is cut into tiles: tiling it in the page at every visit would be slow. */
const largeFileBytes = 1_000_000;
const largeFeatureCount = 5000;

function formatOf(fileName: string): DatasetFormat {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv' || extension === 'tsv' || extension === 'parquet') return extension;
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  throw new Error(
    `${fileName}: add-dataset reads .csv, .tsv, .geojson (or .json) and .parquet files.`,
  );
}

function titleFromId(id: string): string {
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The features of the layer, built the way the page builds them (Parquet through DuckDB). */
async function layerFeatures(
  dataset: DatasetConfig,
  path: string,
  parquetRows: () => Promise<Record<string, unknown>[]>,
): Promise<FeatureCollection | undefined> {
  if (dataset.source.format === 'parquet' && dataset.geometry.kind === 'points') {
    return pointFeatures(await parquetRows(), dataset.geometry.lon, dataset.geometry.lat);
  }
  const { loadDatasetFeatures } = await importPageModule<typeof DatasetFeatures>(
    '../src/map/datasets/dataset-features.ts',
  );
  return loadDatasetFeatures(dataset, async () => new Response(readFileSync(path)));
}

function geometryOf(
  format: DatasetFormat,
  path: string,
  facts: Pick<DatasetFacts, 'columns'>,
): { geometry: GeometryMapping; kind?: LayerKind } {
  if (format === 'geojson') {
    const collection = JSON.parse(readFileSync(path, 'utf8')) as FeatureCollection;
    if (collection.type !== 'FeatureCollection')
      throw new Error(`${basename(path)} is not a GeoJSON FeatureCollection.`);
    const first = collection.features.find((feature) => feature.geometry);
    return { geometry: { kind: 'geojson' }, kind: kindForGeometry(first?.geometry?.type) };
  }
  const points = pointColumns(facts.columns);
  return points
    ? { geometry: { kind: 'points', ...points }, kind: 'circle' }
    : { geometry: { kind: 'none' } };
}

/** The app folder's config file, as written (a missing `datasets` means the bundled ones). */
function readConfig(folder: string): Record<string, unknown> {
  const path = join(folder, 'app-config.json');
  const raw = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as unknown) : {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new Error(`${path} is not a JSON object.`);
  return raw as Record<string, unknown>;
}

/** Writes `bytes` at `path`, replacing (never writing through) whatever was there. */
function replaceFile(path: string, write: (path: string) => void): void {
  rmSync(path, { force: true });
  write(path);
}

/** Adds the file to the app folder; throws, with nothing written, when its entry would not validate. */
export async function addDataset(options: AddDatasetOptions): Promise<AddedDataset> {
  const path = resolve(options.file);
  const fileName = basename(path);
  const format = formatOf(fileName);
  const id = options.id ?? idFromFileName(fileName);
  const title = options.title ?? titleFromId(id);
  const engine = new DuckDbNodeEngine();
  let facts: DatasetFacts;
  let features: FeatureCollection | undefined;
  try {
    const table = tableFromId(id);
    await engine.load({ table, format, url: path });
    const description = await engine.describe(table);
    const { geometry, kind } = geometryOf(format, path, description);
    facts = {
      id,
      title,
      fileName,
      format,
      columns: description.columns,
      rowCount: description.rowCount,
      geometry,
      ...(kind ? { kind } : {}),
    };
    const tiles = options.tiles ?? 'auto';
    if (kind && tiles !== 'never') {
      const parquetRows = async (): Promise<Record<string, unknown>[]> =>
        (await engine.query(`SELECT * FROM ${table}`, { maxRows: Number.MAX_SAFE_INTEGER })).rows;
      features = await layerFeatures(datasetEntry(facts), path, parquetRows);
      const large =
        statSync(path).size > largeFileBytes ||
        (features?.features.length ?? 0) > largeFeatureCount ||
        format === 'parquet';
      if (!features || (tiles === 'auto' && !large)) features = undefined;
      else facts.tilesFileName = `${id}.pmtiles`;
    }
  } finally {
    await engine.close();
  }
  const entry = datasetEntry(facts);

  const folder = resolve(options.into);
  const config = readConfig(folder);
  const datasets = (
    Array.isArray(config.datasets) ? config.datasets : defaultAppConfig().datasets
  ) as { id?: unknown }[];
  const index = datasets.findIndex((dataset) => dataset.id === id);
  const nextDatasets = [...datasets];
  nextDatasets.splice(index === -1 ? nextDatasets.length : index, index === -1 ? 0 : 1, entry);
  const nextConfig = { ...config, datasets: nextDatasets };
  const at = `datasets[${index === -1 ? datasets.length : index}]`;
  const problems = validateAppConfig(nextConfig).problems.filter(
    (problem) => problem.path === at || problem.path.startsWith(`${at}.`),
  );
  if (problems.length > 0) {
    throw new Error(
      `The entry for ${fileName} would not validate:\n${problems.map((problem) => `  ${problem.path}: ${problem.message}`).join('\n')}\nChoose another --id or --title.`,
    );
  }

  const written = [`data/${fileName}`];
  mkdirSync(join(folder, 'data', 'tiles'), { recursive: true });
  replaceFile(join(folder, 'data', fileName), (target) => copyFileSync(path, target));
  if (features && facts.tilesFileName) {
    const archive = cutTiles({ [id]: features }, layerZooms(facts.kind ?? 'fill'));
    replaceFile(join(folder, 'data', 'tiles', facts.tilesFileName), (target) =>
      writeFileSync(target, archive),
    );
    written.push(`data/tiles/${facts.tilesFileName}`);
  }
  replaceFile(join(folder, 'app-config.json'), (target) =>
    writeFileSync(target, `${JSON.stringify(nextConfig, null, 2)}\n`),
  );
  written.push('app-config.json');
  // A built app lists its files for the offline copy; public/ is listed by the next build.
  if (existsSync(join(folder, serviceWorkerFile))) {
    writePrecacheManifest(folder);
    written.push(serviceWorkerFile);
  }
  return { entry, written };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      title: { type: 'string' },
      into: { type: 'string', default: 'dist' },
      tiles: { type: 'string', default: 'auto' },
    },
  });
  const file = positionals[0];
  const tiles = values.tiles;
  if (!file || (tiles !== 'auto' && tiles !== 'always' && tiles !== 'never')) {
    throw new Error(
      'Usage: npm run add-dataset -- FILE [--id ID] [--title TITLE] [--into dist|public] [--tiles auto|always|never]',
    );
  }
  const { entry, written } = await addDataset({
    file,
    into: values.into,
    tiles,
    ...(values.id ? { id: values.id } : {}),
    ...(values.title ? { title: values.title } : {}),
  });
  process.stdout.write(
    `Added "${entry.title}" as table ${entry.table} to ${values.into}: ${written.join(', ')}.\n` +
      `Edit its description, columns and attribution in ${values.into}/app-config.json.\n`,
  );
}

if (
  process.argv[1] &&
  resolve(process.argv[1]) === resolve(import.meta.dirname, 'add-dataset.ts')
) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}

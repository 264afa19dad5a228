// The app-config.json entry add-dataset writes for a file: its table, columns as the model reads them,
// its geometry, a layer style that reads on the basemap, and a placeholder for its attribution.
import { placeholderCredit } from '../../src/config/placeholder-credit.ts';
import type {
  DatasetConfig,
  DatasetFormat,
  GeometryMapping,
  LayerStyleConfig,
} from '../../src/config/app-config.ts';
import type { ColumnInfo } from '../../src/data/data-engine.ts';
import type { LayerKind } from '../../src/geo/layer-kind.ts';

/** What add-dataset learned about the file. */
export interface DatasetFacts {
  id: string;
  title: string;
  /** The file's name under data/. */
  fileName: string;
  format: DatasetFormat;
  columns: ColumnInfo[];
  rowCount: number;
  /** How its rows are drawn: a GeoJSON's geometry, points from two columns, or nothing. */
  geometry: GeometryMapping;
  /** The layer kind, when there is a layer. */
  kind?: LayerKind;
  /** The tile archive cut from it, under data/tiles/. */
  tilesFileName?: string;
}

/** Longitude and latitude column names, as uploads recognise them (src/data/upload-files/upload-layer-file.ts). */
const lonNames = ['longitude', 'lon', 'lng', 'long', 'x'];
const latNames = ['latitude', 'lat', 'y'];

/** The longitude and latitude columns of a table, when it has both. */
export function pointColumns(columns: ColumnInfo[]): { lon: string; lat: string } | undefined {
  const find = (names: string[]): string | undefined =>
    columns.find((column) => names.includes(column.name.toLowerCase()))?.name;
  const lon = find(lonNames);
  const lat = find(latNames);
  return lon && lat ? { lon, lat } : undefined;
}

/** A dataset id from a file name: letters, digits, `_` and `-`. */
export function idFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  const id = base.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return id || 'dataset';
}

/** A SQL table name from an id (`-` is not an identifier character; a digit cannot start one). */
export function tableFromId(id: string): string {
  const table = id.replace(/-/g, '_');
  return /^[A-Za-z_]/.test(table) ? table : `t_${table}`;
}

const numericType = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|U\w*INT|FLOAT|DOUBLE|DECIMAL|REAL)/i;

/** A column as the model reads it: its kind, and examples for text. The publisher refines it. */
export function describeColumn(column: ColumnInfo): string {
  if (numericType.test(column.type)) return `Number (${column.type})`;
  if (/^(DATE|TIMESTAMP|TIME)/i.test(column.type)) return `Date or time (${column.type})`;
  if (/^BOOLEAN/i.test(column.type)) return 'True or false (BOOLEAN)';
  const samples = (column.sampleValues ?? []).slice(0, 3).map((value) => `'${value.slice(0, 40)}'`);
  return samples.length > 0
    ? `Text, e.g. ${samples.join(', ')}`
    : `${column.type.charAt(0)}${column.type.slice(1).toLowerCase()}`;
}

/** Colours that read on the light and dark basemaps alike and differ from the bundled layers'. */
const styles: Record<LayerKind, LayerStyleConfig['paint']> = {
  circle: {
    'circle-radius': 4,
    'circle-color': '#0f766e',
    'circle-opacity': 0.85,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 0.5,
  },
  fill: { 'fill-color': '#7c3aed', 'fill-opacity': 0.35, 'fill-outline-color': '#4c1d95' },
  line: { 'line-color': '#b45309', 'line-width': 1.5 },
};

/** The entry for app-config.json's `datasets`. */
export function datasetEntry(facts: DatasetFacts): DatasetConfig {
  const points = facts.geometry.kind === 'points' ? facts.geometry : undefined;
  const shown = facts.columns
    .map((column) => column.name)
    .filter((name) => name !== points?.lon && name !== points?.lat && name !== 'geometry');
  const entry: DatasetConfig = {
    id: facts.id,
    title: facts.title,
    description: `${facts.rowCount.toLocaleString('en-US')} rows from ${facts.fileName}. Say here what a row is, where and when, and in which units.`,
    source: { url: `data/${facts.fileName}`, format: facts.format },
    table: tableFromId(facts.id),
    columns: Object.fromEntries(
      facts.columns.map((column) => [column.name, describeColumn(column)]),
    ),
    geometry: facts.geometry,
    attribution: placeholderCredit(facts.title),
  };
  if (!facts.kind) return entry;
  return {
    ...entry,
    layer: { type: facts.kind, paint: styles[facts.kind], legendTitle: facts.title },
    tooltip: shown.slice(0, 4),
    ...(facts.tilesFileName ? { tiles: `data/tiles/${facts.tilesFileName}` } : {}),
  };
}

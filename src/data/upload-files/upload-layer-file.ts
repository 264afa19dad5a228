// An uploaded CSV, TSV or GeoJSON file read for its map layer: the rows' shape for the catalog and the
// features to draw, with what the page needs of them (count, extent, geometry, properties). Pure
// TypeScript with no DOM: in the page it runs in the table decoder's worker (table-decoder-worker.ts),
// so an 18 MB file no longer freezes the page; in Node and in tests on the caller's thread.
import { fixAntimeridian } from '../../geo/antimeridian';
import { featureBounds } from '../../geo/feature-bounds';
import { kindForGeometry } from '../../geo/layer-kind';
import { pointFeatures } from '../../geo/point-features';
import { largePointCount } from '../../geo/point-tiles';
import { parseDelimited } from './parse-delimited';
import type { Feature, FeatureCollection } from 'geojson';

/** The formats read here (Parquet's rows come from DuckDB). */
export type LayerFileFormat = 'csv' | 'tsv' | 'geojson';

/** What the page needs of a layer's features without holding them. */
export interface LayerSummary {
  /** The features drawn: those of the layer's kind of shape. */
  featureCount: number;
  /** A geometry type of the kind most features have, which picks how the layer is drawn. */
  geometryType: string | undefined;
  /**
   * Features of other kinds, not drawn (a layer draws one kind of shape: points, lines or areas),
   * by what they are: "lines", "points", "areas". Absent when every feature is drawn.
   */
  leftOut?: Record<string, number>;
  /** [west, south, east, north], for zooming to the layer. */
  bounds: [number, number, number, number] | undefined;
  /** Property names the features carry. */
  properties: string[];
  /**
   * Set when the points are too many to draw as features (over `largePointCount`): the layer is drawn
   * from these columns of the table, once DuckDB holds it. No features were made, and no bounds.
   */
  pointColumns?: { longitude: string; latitude: string };
}

/** What an uploaded file holds: its rows' shape for the catalog, and a layer when it has geometry. */
export interface UploadFileSummary {
  rowCount: number;
  columns: string[];
  /** Each column described for the model (number, or text with examples). */
  columnDescriptions: Record<string, string>;
  /** 1-based rows of a CSV or TSV whose field count differs from the header's. */
  raggedRows?: number[];
  /** Absent when nothing can be drawn (no geometry, no longitude/latitude columns). */
  layer?: LayerSummary;
}

/** A read file: its summary and the features the summary describes. */
export interface ReadLayerFile {
  summary: UploadFileSummary;
  features?: FeatureCollection;
}

const lonNames = ['longitude', 'lon', 'lng', 'long', 'x'];
const latNames = ['latitude', 'lat', 'y'];

function findColumn(columns: string[], names: string[]): string | undefined {
  return columns.find((column) => names.includes(column.toLowerCase()));
}

/** Whether the columns include a longitude and a latitude, so the rows can be drawn as points. */
export function hasPointColumns(columns: string[]): boolean {
  return pointColumnsOf(columns) !== undefined;
}

/** The longitude and latitude columns, when the rows can be drawn as points. */
export function pointColumnsOf(
  columns: string[],
): { longitude: string; latitude: string } | undefined {
  const longitude = findColumn(columns, lonNames);
  const latitude = findColumn(columns, latNames);
  return longitude && latitude ? { longitude, latitude } : undefined;
}

/** Each column as the model reads it: a number, or text with up to three examples. */
export function describeColumns(
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

/**
 * The summary of rows and the features drawn from them (points from longitude/latitude columns).
 * `rowCount` is the table's, when `rows` are only its first rows.
 */
export function summariseRows(
  rows: Record<string, unknown>[],
  columns: string[],
  givenFeatures?: FeatureCollection,
  rowCount = rows.length,
): ReadLayerFile {
  const lon = findColumn(columns, lonNames);
  const lat = findColumn(columns, latNames);
  const summary: UploadFileSummary = {
    rowCount,
    columns,
    columnDescriptions: describeColumns(rows, columns),
  };
  if (!givenFeatures && lon && lat && rowCount > largePointCount) {
    // A feature object a row would take seconds and gigabytes: the map draws from the table instead.
    summary.layer = {
      featureCount: rowCount,
      geometryType: 'Point',
      bounds: undefined,
      properties: [],
      pointColumns: { longitude: lon, latitude: lat },
    };
    return { summary };
  }
  const features = givenFeatures ?? (lon && lat ? pointFeatures(rows, lon, lat) : undefined);
  if (!features || features.features.length === 0) return { summary };
  const { drawn, geometryType, leftOut } = oneKindOfShape(features);
  summary.layer = {
    featureCount: drawn.features.length,
    geometryType,
    bounds: featureBounds(drawn),
    properties: propertyNames(drawn.features.map((feature) => feature.properties ?? {})),
    ...(leftOut ? { leftOut } : {}),
  };
  return { summary, features: drawn };
}

/** How a layer draws its features (circle, line or fill), as the map's paint picks it. */
type LayerKind = ReturnType<typeof kindForGeometry>;

/** What each kind of layer draws, as people call it. */
const shapeWords: Record<LayerKind, string> = { circle: 'points', line: 'lines', fill: 'areas' };

/**
 * The features a layer draws: a MapLibre layer draws one kind of shape, and a circle layer given lines
 * or areas puts a dot on every corner. So a file mixing kinds draws the kind most of its features have
 * (the first feature's on a tie) and counts the others, which the person is told of.
 */
function oneKindOfShape(features: FeatureCollection): {
  drawn: FeatureCollection;
  geometryType: string | undefined;
  leftOut?: Record<string, number>;
} {
  const counts = new Map<LayerKind, number>();
  const kindOf = (feature: Feature): LayerKind => kindForGeometry(feature.geometry?.type);
  for (const feature of features.features) {
    const kind = kindOf(feature);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const first = features.features[0];
  if (counts.size <= 1) return { drawn: features, geometryType: first?.geometry?.type };
  let chosen = first ? kindOf(first) : 'circle';
  for (const [kind, count] of counts) if (count > (counts.get(chosen) ?? 0)) chosen = kind;
  const drawn = features.features.filter((feature) => kindOf(feature) === chosen);
  const leftOut: Record<string, number> = {};
  for (const [kind, count] of counts) if (kind !== chosen) leftOut[shapeWords[kind]] = count;
  return {
    drawn: { type: 'FeatureCollection', features: drawn },
    geometryType: drawn[0]?.geometry?.type,
    leftOut,
  };
}

/**
 * Every property name the rows carry, in the order they first appear: features of one GeoJSON file
 * often differ (a name only on some, a field added halfway), and the table has a column for each.
 */
function propertyNames(rows: Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) names.add(name);
  return [...names];
}

/** Reads the file; throws a sentence (completed by the caller) when it cannot. */
export function readLayerFile(format: LayerFileFormat, bytes: Uint8Array): ReadLayerFile {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (format === 'geojson') {
    const features = parseGeoJson(text);
    const rows = features.features.map((feature) => feature.properties ?? {});
    return summariseRows(rows, propertyNames(rows), features);
  }
  const table = parseDelimited(text, format === 'tsv' ? '\t' : ',');
  const read = summariseRows(table.rows, table.columns);
  if (table.raggedRows.length > 0) read.summary.raggedRows = table.raggedRows;
  return read;
}

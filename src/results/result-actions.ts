// What a result table's "Show on map" and "Chart" buttons do, and how they read a result: which
// columns are its geometry, and which chart suits it. The app answers them with the same local tools
// the model calls (map_query_result, render_chart), so a person needs no question for either.
import { isIsoDateText } from '../tools/chart/chart-values';
import { isIdentifierColumn } from './cell-format';
import type { ChartKind, ChartSpec } from '../tools/chart/chart-spec';
import type { TableData } from './result-data';
import type { ResultRowSource } from './result-row-source';

/** How rows of a result become map geometry (map_query_result's `geometry` argument). */
export type ResultGeometryGuess =
  | { kind: 'points'; lon: string; lat: string }
  | { kind: 'shapes'; column: string }
  | { kind: 'h3'; column: string };

/** The columns and chart kind the Chart button draws. */
export interface ChartGuess {
  kind: ChartKind;
  x: string;
  y?: string;
}

/** The buttons' handlers, given by the app; each resolves to what a person reads when it is done. */
export interface ResultActions {
  /** Draws the result as a map layer; resolves to a sentence, or rejects with one. */
  showOnMap(table: TableData, geometry: ResultGeometryGuess): Promise<string>;
  /** Charts the result; resolves to the chart, or to a sentence saying why there is none. */
  chart(table: TableData, guess: ChartGuess): Promise<ChartSpec | string>;
  /** True when the result's query can run again in the page, for every row of it. */
  canRunAgain?(table: TableData): boolean;
  /** Runs the result's query again (the person's click), resolving to every row of the new result. */
  runAgain?(table: TableData): Promise<ResultRowSource>;
}

const LATITUDE = /^(lat|latitude|y_lat|.*_lat|.*_latitude)$/i;
const LONGITUDE = /^(lon|lng|long|longitude|.*_lon|.*_lng|.*_longitude)$/i;
const SHAPES = /^(geom|geometry|geojson|shape|the_geom|wkb_geometry)$/i;
const H3 = /^(h3|h3_cell|h3_index|cell|hex|hex_id)$/i;

function sample(table: TableData, column: string): unknown[] {
  return table.rows
    .slice(0, 50)
    .map((row) => row[column])
    .filter((value) => value !== null && value !== undefined);
}

function isNumber(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint';
}

function looksLikeGeometry(value: unknown): boolean {
  const parsed: unknown =
    typeof value === 'string' && value.startsWith('{')
      ? (() => {
          try {
            return JSON.parse(value);
          } catch {
            return undefined;
          }
        })()
      : value;
  return typeof parsed === 'object' && parsed !== null && 'type' in parsed;
}

/** The geometry a result carries (lat/lon columns, a GeoJSON column or H3 cells), if any. */
export function guessGeometry(table: TableData): ResultGeometryGuess | undefined {
  if (table.rows.length === 0) return undefined;
  const numeric = (column: string): boolean => {
    const values = sample(table, column);
    return values.length > 0 && values.every(isNumber);
  };
  const lat = table.columns.find((column) => LATITUDE.test(column) && numeric(column));
  const lon = table.columns.find((column) => LONGITUDE.test(column) && numeric(column));
  if (lat && lon) return { kind: 'points', lon, lat };
  const shapes = table.columns.find(
    (column) => SHAPES.test(column) && sample(table, column).some(looksLikeGeometry),
  );
  if (shapes) return { kind: 'shapes', column: shapes };
  const h3 = table.columns.find(
    (column) =>
      H3.test(column) &&
      sample(table, column).every(
        (value) => typeof value === 'string' && /^[0-9a-f]{15}$/i.test(value),
      ),
  );
  return h3 ? { kind: 'h3', column: h3 } : undefined;
}

/**
 * The chart that suits a result: a line over its dates, bars per category, a scatter of two measures,
 * or a histogram of one; undefined when it has nothing to measure.
 */
export function guessChart(table: TableData): ChartGuess | undefined {
  const present = table.columns.filter((column) => sample(table, column).length > 0);
  const numbers = present.filter((column) => sample(table, column).every(isNumber));
  const dates = present.filter((column) => sample(table, column).every(isIsoDateText));
  const texts = present.filter(
    (column) =>
      !dates.includes(column) && sample(table, column).every((value) => typeof value === 'string'),
  );
  const measures = numbers.filter((column) => !isIdentifierColumn(column));
  const [measure] = measures;
  if (measure === undefined) return undefined;
  const [date] = dates;
  if (date !== undefined) return { kind: 'line', x: date, y: measure };
  const [text] = texts;
  if (text !== undefined) return { kind: 'bar', x: text, y: measure };
  const keys = numbers.filter((column) => isIdentifierColumn(column));
  const [key] = keys;
  if (key !== undefined) return { kind: 'line', x: key, y: measure };
  const [first, second] = measures;
  if (first !== undefined && second !== undefined) return { kind: 'scatter', x: first, y: second };
  return { kind: 'histogram', x: measure };
}

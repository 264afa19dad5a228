// Cuts a layer's features into vector tiles at build time and packs them as PMTiles, so the page draws
// bundled layers from ready tiles instead of tiling their GeoJSON in MapLibre's workers at every boot.
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { featureBounds } from '../../src/geo/feature-bounds.ts';
import { writePmtiles, type ArchiveTile } from './pmtiles-writer.ts';
import type { FeatureCollection } from 'geojson';

/** MapLibre's tile geometry resolution and the 512-pixel tiles it expects from a vector source. */
const extent = 8192;
const pixelsToUnits = extent / 512;

/** How deep to cut: beyond `maxZoom` MapLibre over-zooms the deepest tiles. */
export interface CutOptions {
  maxZoom: number;
  /** Simplification in tile pixels (0.375 keeps points and fine shapes exact). */
  tolerance: number;
}

/**
 * How deep a layer of each kind is cut. Beyond it MapLibre over-zooms the deepest tiles: at zoom 7 a
 * tile unit is ~38 m, finer than 1:10,000,000 shapes; points get one more level (~19 m).
 */
export function layerZooms(kind: 'circle' | 'fill' | 'line'): CutOptions {
  return kind === 'circle' ? { maxZoom: 8, tolerance: 0.375 } : { maxZoom: 7, tolerance: 1 };
}

function fieldTypes(collection: FeatureCollection): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const feature of collection.features) {
    for (const [name, value] of Object.entries(feature.properties ?? {})) {
      if (value === null || value === undefined || fields[name]) continue;
      fields[name] =
        typeof value === 'number' ? 'Number' : typeof value === 'boolean' ? 'Boolean' : 'String';
    }
  }
  return fields;
}

/** Keeps a span from being empty (a single point): MapLibre would skip tiles on its edge. */
function widen(low: number, high: number, limit: number): [number, number] {
  const pad = high - low < 1e-6 ? 1e-4 : 0;
  return [Math.max(low - pad, -limit), Math.min(high + pad, limit)];
}

/** Widest extent of every collection, within the Web Mercator world (all of it when they are empty). */
function worldBounds(collections: FeatureCollection[]): [number, number, number, number] {
  const all = collections.flatMap((collection) => {
    const bounds = featureBounds(collection);
    return bounds ? [bounds] : [];
  });
  if (all.length === 0) return [-180, -85, 180, 85];
  const side = (index: number): number[] => all.map((bounds) => bounds[index] ?? 0);
  // Data around the antimeridian (the Aleutians, Guam) has bounds running past 180: its tiles lie on
  // both sides of it, which only every longitude covers.
  const wraps = all.some(([west = 0, , east = 0]) => west < -180 || east > 180);
  const [west, east] = wraps ? [-180, 180] : widen(Math.min(...side(0)), Math.max(...side(2)), 180);
  const [south, north] = widen(Math.min(...side(1)), Math.max(...side(3)), 85);
  return [west, south, east, north];
}

/**
 * The PMTiles archive of `layers` (tile layer name to its features), each feature numbered by its
 * index in its collection.
 */
export function cutTiles(
  layers: Record<string, FeatureCollection>,
  options: CutOptions,
): Uint8Array {
  const indexes = Object.entries(layers).map(([name, collection]) => {
    const numbered: FeatureCollection = {
      type: 'FeatureCollection',
      features: collection.features.map((feature, index) => ({ ...feature, id: index })),
    };
    const index = new GeoJSONVT(numbered, {
      maxZoom: options.maxZoom,
      indexMaxZoom: options.maxZoom,
      indexMaxPoints: 0,
      extent,
      buffer: 16 * pixelsToUnits,
      tolerance: options.tolerance * pixelsToUnits,
    });
    return { name, index };
  });
  const tiles: ArchiveTile[] = [];
  const visit = (z: number, x: number, y: number): void => {
    const found: Record<string, GeoJSONVTTile> = {};
    for (const { name, index } of indexes) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) found[name] = tile;
    }
    if (Object.keys(found).length === 0) return;
    tiles.push({ z, x, y, data: fromGeojsonVt(found, { version: 2, extent }) });
    if (z === options.maxZoom) return;
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      visit(z + 1, x * 2 + dx, y * 2 + dy);
    }
  };
  visit(0, 0, 0);
  return writePmtiles(tiles, {
    minZoom: 0,
    maxZoom: options.maxZoom,
    bounds: worldBounds(Object.values(layers)),
    metadata: {
      name: Object.keys(layers).join(', '),
      vector_layers: Object.entries(layers).map(([name, collection]) => ({
        id: name,
        fields: fieldTypes(collection),
        minzoom: 0,
        maxzoom: options.maxZoom,
      })),
    },
  });
}

// H3 cells become hexagon polygons; loaded lazily because h3-js is large and most maps never need it.
import { cellToBoundary, isValidCell } from 'h3-js';
import { fixAntimeridian } from './antimeridian';
import { plainProperties } from './point-features';
import type { FeatureCollection, Polygon } from 'geojson';

/** One polygon per row with a valid H3 cell id in `column` (text or number). */
export function h3Features(rows: Record<string, unknown>[], column: string): FeatureCollection {
  const features: FeatureCollection['features'] = [];
  for (const row of rows) {
    const raw = row[column];
    const cell =
      typeof raw === 'bigint' || typeof raw === 'number'
        ? BigInt(raw).toString(16)
        : String(raw ?? '');
    if (!isValidCell(cell)) continue;
    const ring = cellToBoundary(cell, true);
    const polygon: Polygon = { type: 'Polygon', coordinates: [ring] };
    features.push({
      type: 'Feature',
      properties: plainProperties(row),
      geometry: fixAntimeridian(polygon),
    });
  }
  return { type: 'FeatureCollection', features };
}

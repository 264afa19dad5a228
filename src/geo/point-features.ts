// Rows with longitude/latitude columns become point features; rows without valid coordinates are skipped.
import type { FeatureCollection, Point } from 'geojson';

/** Point features from rows, keeping every column as a property. */
export function pointFeatures(
  rows: Record<string, unknown>[],
  lonColumn: string,
  latColumn: string,
): FeatureCollection<Point> {
  const features: FeatureCollection<Point>['features'] = [];
  for (const row of rows) {
    const longitude = Number(row[lonColumn]);
    const latitude = Number(row[latColumn]);
    if (row[lonColumn] === null || row[latColumn] === null) continue;
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) continue;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 540) continue;
    features.push({
      type: 'Feature',
      properties: plainProperties(row),
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Properties MapLibre can hold: bigint becomes number, dates become ISO text, objects become JSON. */
export function plainProperties(
  row: Record<string, unknown>,
): Record<string, string | number | boolean | null> {
  const properties: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) properties[key] = null;
    else if (typeof value === 'bigint') properties[key] = Number(value);
    else if (value instanceof Date) properties[key] = value.toISOString();
    else if (typeof value === 'object') properties[key] = JSON.stringify(value);
    else properties[key] = value as string | number | boolean;
  }
  return properties;
}

// Turns stored query rows into map features, by the geometry mapping the model chose.
import { fixAntimeridian } from '../../geo/antimeridian';
import { geometryFromValue } from '../../geo/geometry-value';
import { plainProperties, pointFeatures } from '../../geo/point-features';
import type { ResultGeometry } from './conversation-map-state';
import type { MapPort } from './map-port';
import type { FeatureCollection, Geometry } from 'geojson';

/** Features, or a message saying why none could be built. */
export type FeaturesOutcome = { features: FeatureCollection } | { error: string };

// GeoJSON (an object or its text), WKB or EWKB in hex, or WKT: whatever form the SQL server sent.
function parseGeometry(value: unknown): Geometry | undefined {
  const geometry = geometryFromValue(value);
  return geometry ? fixAntimeridian(geometry) : undefined;
}

/** Builds the features; columns that do not exist are reported with the ones that do. */
export async function resultFeatures(
  rows: Record<string, unknown>[],
  columns: string[],
  geometry: ResultGeometry,
  map: MapPort,
): Promise<FeaturesOutcome> {
  const needed = geometry.kind === 'points' ? [geometry.lon, geometry.lat] : [geometry.column];
  const missing = needed.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      error: `The result has no column ${missing.join(', ')}; its columns are ${columns.join(', ')}.`,
    };
  }
  switch (geometry.kind) {
    case 'points':
      return { features: pointFeatures(rows, geometry.lon, geometry.lat) };
    case 'h3': {
      const { h3Features } = await import('../../geo/h3-features');
      return { features: h3Features(rows, geometry.column) };
    }
    case 'shapes': {
      const features: FeatureCollection['features'] = [];
      for (const row of rows) {
        const parsed = parseGeometry(row[geometry.column]);
        if (parsed)
          features.push({
            type: 'Feature',
            properties: plainProperties({ ...row, [geometry.column]: null }),
            geometry: parsed,
          });
      }
      return { features: { type: 'FeatureCollection', features } };
    }
    case 'join': {
      const source = await map.layerFeatures(geometry.layer);
      if (!source) return { error: `There is no layer '${geometry.layer}' to take shapes from.` };
      const key = geometry.layer_key ?? geometry.column;
      const byKey = new Map(rows.map((row) => [String(row[geometry.column]), row]));
      const features = source.features.flatMap((feature) => {
        const row = byKey.get(String(feature.properties?.[key]));
        return row
          ? [
              {
                ...feature,
                id: undefined,
                properties: { ...feature.properties, ...plainProperties(row) },
              },
            ]
          : [];
      });
      return { features: { type: 'FeatureCollection', features } };
    }
  }
}

// A geometry as a SQL server sends it in a result cell: GeoJSON (an object or its text), WKB or EWKB in
// hex (PostGIS's text for a geometry), or WKT (with or without an EWKT `SRID=...;` prefix).
import { wktToGeoJSON } from 'betterknown';
import { hexWkbToGeometry, looksLikeHexWkb } from './wkb-geometry';
import type { Geometry } from 'geojson';

const geometryTypes = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

const wktStart =
  /^(?:SRID=\d+;\s*)?(?:POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION)\b/i;

function isGeometry(value: unknown): value is Geometry {
  return (
    typeof value === 'object' &&
    value !== null &&
    geometryTypes.has(String((value as { type?: unknown }).type))
  );
}

/** Which of the written forms a cell's text is in, if any. */
export function geometryTextFormat(text: string): 'geojson' | 'wkb' | 'wkt' | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') && /"type"\s*:/.test(trimmed)) return 'geojson';
  if (looksLikeHexWkb(trimmed)) return 'wkb';
  if (wktStart.test(trimmed)) return 'wkt';
  return undefined;
}

/** The GeoJSON geometry a cell holds, or undefined when it holds none that can be read. */
export function geometryFromValue(value: unknown): Geometry | undefined {
  if (isGeometry(value)) return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  try {
    switch (geometryTextFormat(text)) {
      case 'geojson': {
        const parsed: unknown = JSON.parse(text);
        return isGeometry(parsed) ? parsed : undefined;
      }
      case 'wkb':
        return hexWkbToGeometry(text);
      case 'wkt': {
        const parsed: unknown = wktToGeoJSON(text);
        return isGeometry(parsed) ? parsed : undefined;
      }
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

// The three ways a layer's features are drawn, and which one a geometry type takes.

/** Points as circles, areas as fills, lines as lines. */
export type LayerKind = 'circle' | 'fill' | 'line';

/** The kind a GeoJSON geometry type is drawn as (areas for anything unknown). */
export function kindForGeometry(type: string | undefined): LayerKind {
  if (type === 'Point' || type === 'MultiPoint') return 'circle';
  if (type === 'LineString' || type === 'MultiLineString') return 'line';
  return 'fill';
}

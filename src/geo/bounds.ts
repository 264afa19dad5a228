// A rectangle on the map, as MapLibre and GeoJSON write it.

/** West, south, east, north in degrees (east may be past 180 for an extent across the antimeridian). */
export type Bounds = [number, number, number, number];

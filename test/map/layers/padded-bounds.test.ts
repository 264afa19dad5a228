// A served layer's source bounds let MapLibre ask for every tile its features are drawn in: a point on a
// tile's edge, and points or shapes whose longitudes run past ±180 (drawn wrapped round the world).
import { describe, expect, it } from 'vitest';
import { paddedBounds } from '../../../src/map/layers/padded-bounds';
import type { Bounds } from '../../../src/tools/map/map-port';

/** The tile column at zoom `z` that a longitude is drawn in (wrapped into -180..180). */
function columnOf(longitude: number, z: number): number {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return Math.floor(((wrapped + 180) / 360) * 2 ** z);
}

/** Whether MapLibre asks for tile column `x` at zoom `z` of a source with `bounds` (its TileBounds). */
function asksFor([west, , east]: Bounds, z: number, x: number): boolean {
  const clampedWest = Math.max(-180, west);
  const clampedEast = Math.min(180, east);
  const minX = Math.floor(((clampedWest + 180) / 360) * 2 ** z);
  const maxX = Math.ceil(((clampedEast + 180) / 360) * 2 ** z);
  return x >= minX && x < maxX;
}

describe('padded bounds of a served layer', () => {
  it('include the tile past an edge a point lies on (longitude -90)', () => {
    const bounds = paddedBounds([-90, 30, -90, 30]);
    expect(asksFor(bounds, 4, columnOf(-90, 4))).toBe(true);
  });

  it('include the tiles of points with longitudes of 0–360 degrees past 180', () => {
    const bounds = paddedBounds([185, -10, 195, 10]);
    for (const longitude of [185, 190, 195])
      for (const z of [0, 3, 8, 14]) expect(asksFor(bounds, z, columnOf(longitude, z))).toBe(true);
  });

  it('include both sides of a shape unwrapped across the antimeridian (170 to 190)', () => {
    const bounds = paddedBounds([170, -20, 190, 20]);
    for (const longitude of [171, 179, 181, 189])
      expect(asksFor(bounds, 6, columnOf(longitude, 6))).toBe(true);
  });

  it('stay within the world and keep a layer away from the antimeridian tight', () => {
    const bounds = paddedBounds([-10, -95, 10, 95]);
    expect(bounds[0]).toBeCloseTo(-10, 5);
    expect(bounds[2]).toBeCloseTo(10, 5);
    expect(bounds[1]).toBe(-90);
    expect(bounds[3]).toBe(90);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixAntimeridian, hasAntimeridianJump } from '../../src/geo/antimeridian';
import { topologyFeatures } from '../../src/map/datasets/dataset-features';
import type { Geometry, Position } from 'geojson';
import type { Topology } from 'topojson-specification';

function rings(geometry: Geometry): Position[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
  return [];
}

const world = JSON.parse(
  readFileSync('node_modules/world-atlas/countries-50m.json', 'utf8'),
) as Topology;
const countries = topologyFeatures(world, 'countries').features;
const byName = (name: string) => countries.find((feature) => feature.properties?.name === name);

describe('antimeridian', () => {
  it('leaves no ring of Russia or Fiji jumping across the map (no horizontal streak)', () => {
    for (const name of ['Russia', 'Fiji']) {
      const country = byName(name);
      expect(country?.geometry).toBeDefined();
      expect(rings(country!.geometry).some(hasAntimeridianJump)).toBe(false);
    }
  });

  it('keeps both sides of the line filled: a copy shifted by 360 degrees is added', () => {
    const fiji = byName('Fiji')!.geometry;
    const longitudes = rings(fiji)
      .flat()
      .map((position) => position[0] ?? 0);
    expect(Math.max(...longitudes)).toBeGreaterThan(180);
    expect(Math.min(...longitudes)).toBeLessThan(-179);
  });

  it('leaves Antarctica (a ring around the pole) as it was', () => {
    const source = topologyFeatures(world, 'countries').features.find(
      (feature) => feature.properties?.name === 'Antarctica',
    );
    expect(source).toBeDefined();
    const longitudes = rings(source!.geometry)
      .flat()
      .map((position) => position[0] ?? 0);
    expect(Math.max(...longitudes)).toBeLessThanOrEqual(180);
  });

  it('unwraps a small polygon that straddles 180 degrees', () => {
    const square: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [179, 0],
          [-179, 0],
          [-179, 1],
          [179, 1],
          [179, 0],
        ],
      ],
    };
    const fixed = fixAntimeridian(square);
    expect(fixed.type).toBe('MultiPolygon');
    expect(rings(fixed)[0]).toEqual([
      [179, 0],
      [181, 0],
      [181, 1],
      [179, 1],
      [179, 0],
    ]);
    expect(rings(fixed)[1]).toEqual([
      [-181, 0],
      [-179, 0],
      [-179, 1],
      [-181, 1],
      [-181, 0],
    ]);
  });

  it('keeps a two-point route across the Pacific (Tokyo to Los Angeles), in either direction', () => {
    const eastward = fixAntimeridian({
      type: 'LineString',
      coordinates: [
        [140, 30],
        [-120, 40],
      ],
    });
    expect(eastward).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [140, 30],
          [180, 34],
        ],
        [
          [-180, 34],
          [-120, 40],
        ],
      ],
    });
    const westward = fixAntimeridian({
      type: 'MultiLineString',
      coordinates: [
        [
          [-120, 40],
          [140, 30],
        ],
      ],
    });
    expect(westward).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [-120, 40],
          [-180, 34],
        ],
        [
          [180, 34],
          [140, 30],
        ],
      ],
    });
  });

  it('splits a line that crosses 180 degrees at 180, keeping the crossing, and returns geometry that needs no fix unchanged', () => {
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [178, 0],
        [179.5, 0],
        [-179.5, 2],
        [-178, 2],
      ],
    };
    expect(fixAntimeridian(line)).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [178, 0],
          [179.5, 0],
          [180, 1],
        ],
        [
          [-180, 1],
          [-179.5, 2],
          [-178, 2],
        ],
      ],
    });
    const plain: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(fixAntimeridian(plain)).toBe(plain);
  });
});

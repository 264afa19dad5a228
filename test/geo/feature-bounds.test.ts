// The extent a layer's "Zoom to" fits: plain bounds for data on one side of the world, and the narrow
// span across the antimeridian for data that sits around it (not the whole world).
import { describe, expect, it } from 'vitest';
import { featureBounds } from '../../src/geo/feature-bounds';
import type { FeatureCollection, Geometry } from 'geojson';

const collection = (...geometries: Geometry[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
});
const point = (longitude: number, latitude: number): Geometry => ({
  type: 'Point',
  coordinates: [longitude, latitude],
});

describe('the bounds of features', () => {
  it('are the plain extent for data on one side of the world, and undefined for none', () => {
    expect(featureBounds(collection(point(-100, 40), point(-90, 35), point(-110, 45)))).toEqual([
      -110, 35, -90, 45,
    ]);
    expect(featureBounds(collection(point(185, 0), point(190, 5)))).toEqual([185, 0, 190, 5]);
    expect(featureBounds(collection())).toBeUndefined();
  });

  it('run east past 180 for points around the antimeridian', () => {
    expect(featureBounds(collection(point(175, -5), point(-175, 0), point(-170, 5)))).toEqual([
      175, -5, 190, 5,
    ]);
  });

  it('cover a route split at the antimeridian from Tokyo to Los Angeles, not the whole world', () => {
    const route: Geometry = {
      type: 'MultiLineString',
      coordinates: [
        [
          [139.69, 35.69],
          [180, 40],
        ],
        [
          [-180, 40],
          [-118.24, 34.05],
        ],
      ],
    };
    const [west, south, east, north] = featureBounds(collection(route))!;
    expect(west).toBeCloseTo(139.69);
    expect(east).toBeCloseTo(241.76);
    expect([south, north]).toEqual([34.05, 40]);
  });

  it('keep the whole world for data spread round it', () => {
    const spread = collection(point(-150, 0), point(-30, 0), point(90, 0));
    expect(featureBounds(spread)).toEqual([-150, 0, 90, 0]);
  });
});

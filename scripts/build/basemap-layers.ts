// The offline basemap's features, from world-atlas: land (every country) and the borders between
// countries, antimeridian-safe. Cut into tiles at build time; the page only reads the tiles.
import { mesh } from 'topojson-client';
import { topologyFeatures } from '../../src/map/datasets/dataset-features.ts';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';

/** Land polygons and shared borders as GeoJSON, from world-atlas's countries TopoJSON text. */
export function basemapLayers(countriesTopoJson: string): Record<string, FeatureCollection> {
  const topology = JSON.parse(countriesTopoJson) as Topology;
  const countries = topology.objects.countries;
  if (!countries) throw new Error("world-atlas countries has no 'countries' object");
  const borders = mesh(topology, countries as Parameters<typeof mesh>[1], (a, b) => a !== b);
  return {
    land: topologyFeatures(topology, 'countries'),
    borders: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: borders }],
    },
  };
}

// The offline basemap: land and country borders from world-atlas (copied into data/ at build time).
// No glyphs or sprites, so it needs no font server and no network.
import { mesh } from 'topojson-client';
import { topologyFeatures } from './dataset-features';
import { countriesUrl } from './map-file-prefetch';
import type { FetchFunction } from './dataset-features';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';

/** Ids of the basemap's layers, below every data layer. */
export const basemapLayerIds = ['background', 'land', 'borders'];

/** Land polygons and shared borders as GeoJSON. */
export async function loadBasemapData(
  fetchFunction: FetchFunction,
): Promise<{ land: FeatureCollection; borders: FeatureCollection }> {
  const response = await fetchFunction(countriesUrl);
  if (!response.ok) throw new Error(`${countriesUrl} answered HTTP ${response.status}`);
  const topology = (await response.json()) as Topology;
  const countries = topology.objects.countries;
  if (!countries) throw new Error(`${countriesUrl} has no 'countries' object`);
  const borders = mesh(topology, countries as Parameters<typeof mesh>[1], (a, b) => a !== b);
  return {
    land: topologyFeatures(topology, 'countries'),
    borders: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: borders }],
    },
  };
}

/**
 * A MapLibre style (as plain JSON) for the offline basemap. Land and borders share one source: each
 * GeoJSON source lives in one worker, and one basemap source leaves the other worker to the data layers.
 */
export function offlineStyle(data: {
  land: FeatureCollection;
  borders: FeatureCollection;
}): Record<string, unknown> {
  const tagged = (collection: FeatureCollection, part: string): FeatureCollection['features'] =>
    collection.features.map((item) => ({
      ...item,
      properties: { ...item.properties, basemap: part },
    }));
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: [...tagged(data.land, 'land'), ...tagged(data.borders, 'border')],
        },
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dbeafe' } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'basemap'], 'land'],
        paint: { 'fill-color': '#f8f5ee', 'fill-antialias': true },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        filter: ['==', ['get', 'basemap'], 'border'],
        paint: { 'line-color': '#9ca3af', 'line-width': 0.6 },
      },
    ],
  };
}

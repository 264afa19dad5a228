// Builds a dataset's map features straight from its files, without the data engine: in the page (for
// untiled layers, and for tiled ones once the map has drawn) and at build time, where the same features
// are cut into the tiles the map draws first (scripts/build/vite-plugin-datasets.ts).
import { feature } from 'topojson-client';
import { parseDelimited, type DelimitedRow } from '../../data/upload-files/parse-delimited';
import { fixAntimeridian } from '../../geo/antimeridian';
import { pointFeatures } from '../../geo/point-features';
import type { DatasetConfig } from '../../config/app-config';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { Topology } from 'topojson-specification';

/** Resolves URLs in the config against the page, the way fetch would. */
export type FetchFunction = (url: string) => Promise<Response>;

async function fetchOk(fetchFunction: FetchFunction, url: string): Promise<Response> {
  const response = await fetchFunction(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response;
}

/** Features of a TopoJSON object (the first one when `object` is absent), antimeridian-safe. */
export function topologyFeatures(topology: Topology, object?: string): FeatureCollection {
  const name = object ?? Object.keys(topology.objects)[0];
  const geometryObject = name ? topology.objects[name] : undefined;
  if (!geometryObject) {
    throw new Error(
      `The TopoJSON has no object '${name}'; it has: ${Object.keys(topology.objects).join(', ')}`,
    );
  }
  const converted = feature(topology, geometryObject) as FeatureCollection | Feature;
  const features = converted.type === 'FeatureCollection' ? converted.features : [converted];
  return {
    type: 'FeatureCollection',
    features: features.map((item) => ({
      ...item,
      properties: { ...(item.id !== undefined ? { id: String(item.id) } : {}), ...item.properties },
      geometry: item.geometry
        ? fixAntimeridian(item.geometry)
        : (item.geometry as unknown as Geometry),
    })),
  };
}

async function sourceRows(
  dataset: DatasetConfig,
  fetchFunction: FetchFunction,
): Promise<DelimitedRow[] | undefined> {
  const { format, url } = dataset.source;
  if (format === 'csv' || format === 'tsv') {
    const text = await (await fetchOk(fetchFunction, url)).text();
    return parseDelimited(text, format === 'tsv' ? '\t' : ',').rows;
  }
  if (format === 'json') {
    const rows = (await (await fetchOk(fetchFunction, url)).json()) as unknown;
    return Array.isArray(rows) ? (rows as DelimitedRow[]) : undefined;
  }
  // Parquet and Arrow need the data engine; their layers are drawn once it has loaded.
  return undefined;
}

/** The features of a dataset's layer; undefined when it has no geometry or needs the engine. */
export async function loadDatasetFeatures(
  dataset: DatasetConfig,
  fetchFunction: FetchFunction,
): Promise<FeatureCollection | undefined> {
  const geometry = dataset.geometry;
  switch (geometry.kind) {
    case 'none':
      return undefined;
    case 'geojson': {
      const collection = (await (
        await fetchOk(fetchFunction, dataset.source.url)
      ).json()) as FeatureCollection;
      return {
        ...collection,
        features: collection.features.map((item) =>
          item.geometry ? { ...item, geometry: fixAntimeridian(item.geometry) } : item,
        ),
      };
    }
    case 'shapes': {
      const body = (await (await fetchOk(fetchFunction, geometry.url)).json()) as unknown;
      return geometry.format === 'topojson'
        ? topologyFeatures(body as Topology, geometry.object)
        : (body as FeatureCollection);
    }
    case 'points': {
      const rows = await sourceRows(dataset, fetchFunction);
      return rows ? pointFeatures(rows, geometry.lon, geometry.lat) : undefined;
    }
    case 'h3': {
      const rows = await sourceRows(dataset, fetchFunction);
      if (!rows) return undefined;
      const { h3Features } = await import('../../geo/h3-features');
      return h3Features(rows, geometry.column);
    }
  }
}

// Copies the bundled datasets out of npm packages into dist/data/ at build time, and serves the same
// bytes under /data/ in dev. Nothing is committed: public/data is gitignored and these files are derived.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDatasets } from '../../src/config/bundled-datasets.ts';
import { byteRange, rangeNotSatisfiable } from '../../src/offline/byte-range.ts';
import { importPageModule } from '../import-page-module.ts';
import { joinCountyUnemployment } from './county-unemployment.ts';
import { cutTiles, layerZooms } from './cut-tiles.ts';
import type * as DatasetFeatures from '../../src/map/datasets/dataset-features.ts';
import type * as BasemapLayers from './basemap-layers.ts';
import type { Plugin } from 'vite';

type FeatureModule = typeof DatasetFeatures;
type BasemapModule = typeof BasemapLayers;

/** One derived data file: its name under data/ and its bytes. */
export interface DataFile {
  fileName: string;
  source: Uint8Array | string;
}

// Read by path: vega-datasets' package exports do not list its data files.
function packageFile(specifier: string): Buffer {
  return readFileSync(join(process.cwd(), 'node_modules', specifier));
}

/** Keeps the earthquake fields a model can use, and adds lon/lat/depth so SQL needs no geometry. */
function trimEarthquakes(text: string): string {
  const collection = JSON.parse(text) as {
    features: {
      id: string;
      properties: Record<string, unknown>;
      geometry: { type: 'Point'; coordinates: [number, number, number] };
    }[];
  };
  const keep = ['mag', 'magType', 'place', 'type', 'tsunami', 'sig', 'net', 'status'];
  const features = collection.features.map((feature) => {
    const [longitude, latitude, depth] = feature.geometry.coordinates;
    const properties: Record<string, unknown> = { id: feature.id };
    for (const key of keep) properties[key] = feature.properties[key] ?? null;
    properties.time = new Date(Number(feature.properties.time)).toISOString();
    properties.longitude = longitude;
    properties.latitude = latitude;
    properties.depth_km = depth;
    return {
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** Every data file the app ships, derived from the installed packages (before its tiles). */
function sourceDataFiles(): DataFile[] {
  const counties = joinCountyUnemployment(
    packageFile('us-atlas/counties-10m.json').toString('utf8'),
    packageFile('vega-datasets/data/unemployment.tsv').toString('utf8'),
  );
  return [
    {
      fileName: 'earthquakes.geojson',
      source: trimEarthquakes(packageFile('vega-datasets/data/earthquakes.json').toString('utf8')),
    },
    { fileName: 'airports.csv', source: packageFile('vega-datasets/data/airports.csv') },
    {
      fileName: 'flights-3m.parquet',
      source: packageFile('vega-datasets/data/flights-3m.parquet'),
    },
    { fileName: 'us-counties-10m.json', source: counties.topology },
    { fileName: 'us-counties.csv', source: counties.csv },
  ];
}

/**
 * The PMTiles archive of every bundled dataset that names one (`tiles`), cut from the same features
 * the page builds from the dataset's files, so tiles and table never disagree.
 */
async function tileArchives(sources: DataFile[]): Promise<DataFile[]> {
  const fetchBundled = async (url: string): Promise<Response> => {
    const file = sources.find((candidate) => `data/${candidate.fileName}` === url);
    if (!file) throw new Error(`${url} is not a bundled data file`);
    return new Response(typeof file.source === 'string' ? file.source : Buffer.from(file.source));
  };
  const { loadDatasetFeatures } = await importPageModule<FeatureModule>(
    '../src/map/datasets/dataset-features.ts',
  );
  const { basemapLayers } = await importPageModule<BasemapModule>('./build/basemap-layers.ts');
  const archives: DataFile[] = [
    {
      // world-atlas at 1:110,000,000: finer zooms than 5 add nothing to its shapes.
      fileName: 'tiles/basemap.pmtiles',
      source: cutTiles(
        basemapLayers(packageFile('world-atlas/countries-110m.json').toString('utf8')),
        { maxZoom: 5, tolerance: 1 },
      ),
    },
  ];
  for (const dataset of bundledDatasets()) {
    if (!dataset.tiles) continue;
    const match = /^data\/(tiles\/[\w-]+\.pmtiles)$/.exec(dataset.tiles);
    if (!match?.[1])
      throw new Error(`Bundled tiles must be data/tiles/<name>.pmtiles, not ${dataset.tiles}`);
    const features = await loadDatasetFeatures(dataset, fetchBundled);
    if (!features) throw new Error(`Dataset ${dataset.id} has tiles but no features to cut`);
    const zooms = layerZooms(dataset.layer?.type ?? 'fill');
    archives.push({
      fileName: match[1],
      source: cutTiles({ [dataset.id]: features }, zooms),
    });
  }
  return archives;
}

/** Every data file the app ships: derived from the installed packages, plus the tiles cut from them. */
export async function bundledDataFiles(): Promise<DataFile[]> {
  const sources = sourceDataFiles();
  return [...sources, ...(await tileArchives(sources))];
}

const contentTypes: Record<string, string> = {
  json: 'application/json',
  geojson: 'application/geo+json',
  csv: 'text/csv',
  parquet: 'application/vnd.apache.parquet',
  pmtiles: 'application/vnd.pmtiles',
};

/** The Vite plugin: emits data/* into the build and serves it from memory in dev. */
export function datasetsPlugin(): Plugin {
  let files: Promise<DataFile[]> | undefined;
  // A failed build of the files is forgotten, so the next request tries again.
  const load = (): Promise<DataFile[]> =>
    (files ??= bundledDataFiles().catch((error: unknown) => {
      files = undefined;
      throw error;
    }));
  return {
    name: 'mapwright-datasets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/data\/([^?#]+)/.exec(request.url ?? '');
        if (!match) return next();
        load().then((all) => {
          const file = all.find((candidate) => candidate.fileName === match[1]);
          if (!file) return next();
          const extension = file.fileName.split('.').pop() ?? '';
          const body =
            typeof file.source === 'string' ? Buffer.from(file.source, 'utf8') : file.source;
          response.setHeader('content-type', contentTypes[extension] ?? 'application/octet-stream');
          response.setHeader('accept-ranges', 'bytes');
          // Tile archives are read a tile at a time, as static hosts serve them.
          const range = byteRange(request.headers.range, body.length);
          if (rangeNotSatisfiable(request.headers.range, body.length)) {
            response.statusCode = 416;
            response.setHeader('content-range', `bytes */${body.length}`);
            response.end();
            return;
          }
          if (range) {
            response.statusCode = 206;
            response.setHeader('content-range', `bytes ${range.start}-${range.end}/${body.length}`);
            response.end(body.subarray(range.start, range.end + 1));
            return;
          }
          response.end(body);
        }, next);
      });
    },
    async generateBundle() {
      for (const file of await load()) {
        this.emitFile({ type: 'asset', fileName: `data/${file.fileName}`, source: file.source });
      }
    },
  };
}

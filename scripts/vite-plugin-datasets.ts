// Copies the bundled datasets out of npm packages into dist/data/ at build time, and serves the same
// bytes under /data/ in dev. Nothing is committed: public/data is gitignored and these files are derived.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinCountyUnemployment } from './county-unemployment.ts';
import type { Plugin } from 'vite';

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

/** Every data file the app ships, derived from the installed packages. */
export function bundledDataFiles(): DataFile[] {
  const counties = joinCountyUnemployment(
    packageFile('us-atlas/counties-10m.json').toString('utf8'),
    packageFile('vega-datasets/data/unemployment.tsv').toString('utf8'),
  );
  return [
    {
      fileName: 'world-countries-110m.json',
      source: packageFile('world-atlas/countries-110m.json'),
    },
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

const contentTypes: Record<string, string> = {
  json: 'application/json',
  geojson: 'application/geo+json',
  csv: 'text/csv',
  parquet: 'application/vnd.apache.parquet',
};

/** The Vite plugin: emits data/* into the build and serves it from memory in dev. */
export function datasetsPlugin(): Plugin {
  let files: DataFile[] | undefined;
  const load = (): DataFile[] => (files ??= bundledDataFiles());
  return {
    name: 'mapwright-datasets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/data\/([^?#]+)/.exec(request.url ?? '');
        const file = match && load().find((candidate) => candidate.fileName === match[1]);
        if (!file) return next();
        const extension = file.fileName.split('.').pop() ?? '';
        response.setHeader('content-type', contentTypes[extension] ?? 'application/octet-stream');
        response.end(file.source);
      });
    },
    generateBundle() {
      for (const file of load()) {
        this.emitFile({ type: 'asset', fileName: `data/${file.fileName}`, source: file.source });
      }
    },
  };
}

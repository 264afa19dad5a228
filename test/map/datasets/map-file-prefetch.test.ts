import { describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../../src/config';
import { mapFileUrls, prefetchMapFiles } from '../../../src/map/datasets/map-file-prefetch';

const layerUrl = 'data/airports.csv';

/** The bundled airports without their tiles: drawn from its CSV, so its file is prefetched. */
function untiledAirports() {
  const { tiles: _tiles, ...airports } = defaultAppConfig().datasets[1]!;
  expect(airports.source.url).toBe(layerUrl);
  return airports;
}

describe('map file prefetch', () => {
  it('asks for every untiled layer file, not the Parquet nor tiled layers (nor the tiled basemap)', () => {
    // The bundled layers are tiled: their files load after the map has drawn.
    expect(mapFileUrls(defaultAppConfig())).toEqual([]);
    const untiled = defaultAppConfig().datasets.map(({ tiles: _tiles, ...dataset }) => dataset);
    expect(mapFileUrls({ ...defaultAppConfig(), datasets: untiled })).toEqual([
      'data/earthquakes.geojson',
      'data/airports.csv',
      'data/us-counties-10m.json',
    ]);
  });

  it('hands each early response out once, then fetches again', async () => {
    const requested: string[] = [];
    const fetchFunction = async (url: string) => {
      requested.push(url);
      return new Response(`body of ${url} #${requested.length}`);
    };
    const config = { ...defaultAppConfig(), datasets: [untiledAirports()] };
    const mapFetch = prefetchMapFiles(config, fetchFunction);
    expect(requested).toEqual([layerUrl]);
    expect(await (await mapFetch(layerUrl)).text()).toBe(`body of ${layerUrl} #1`);
    expect(await (await mapFetch(layerUrl)).text()).toBe(`body of ${layerUrl} #2`);
    expect(await (await mapFetch('data/other.csv')).text()).toBe('body of data/other.csv #3');
  });

  it('reports a failed early request when the map asks for the file, not before', async () => {
    const config = { ...defaultAppConfig(), datasets: [untiledAirports()] };
    const mapFetch = prefetchMapFiles(config, () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(mapFetch(layerUrl)).rejects.toThrow('offline');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../src/config';
import { countriesUrl, mapFileUrls, prefetchMapFiles } from '../../src/map/map-file-prefetch';

describe('map file prefetch', () => {
  it('asks for the basemap and every untiled layer file, not the Parquet nor tiled layers', () => {
    // The bundled layers are tiled: their files load after the map has drawn.
    expect(mapFileUrls(defaultAppConfig())).toEqual([countriesUrl]);
    const untiled = defaultAppConfig().datasets.map(({ tiles: _tiles, ...dataset }) => dataset);
    expect(mapFileUrls({ ...defaultAppConfig(), datasets: untiled })).toEqual([
      countriesUrl,
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
    const config = { ...defaultAppConfig(), datasets: [] };
    const mapFetch = prefetchMapFiles(config, fetchFunction);
    expect(requested).toEqual([countriesUrl]);
    expect(await (await mapFetch(countriesUrl)).text()).toBe(`body of ${countriesUrl} #1`);
    expect(await (await mapFetch(countriesUrl)).text()).toBe(`body of ${countriesUrl} #2`);
    expect(await (await mapFetch('data/other.csv')).text()).toBe('body of data/other.csv #3');
  });

  it('reports a failed early request when the map asks for the file, not before', async () => {
    const config = { ...defaultAppConfig(), datasets: [] };
    const mapFetch = prefetchMapFiles(config, () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(mapFetch(countriesUrl)).rejects.toThrow('offline');
  });
});

// Uploads over reloads: a new file and a kept one go through the same path (same table, same layer id,
// same catalog entry), a re-upload of the same name replaces, a removal takes everything away for good,
// and a full browser storage leaves the upload working for the visit with a plain message.
// Real DuckDB (native, behind the lazy engine the app uses), IndexedDB through fake-indexeddb, FakeMap.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSystemPrompt } from '../../src/config/build-system-prompt';
import { DatasetCatalog, type CatalogEntry } from '../../src/config/dataset-catalog';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';
import { FakeMap } from '../../src/testing/fake-map';
import { UploadLibrary } from '../../src/uploads/upload-library';
import { UploadStore, type UploadStorage } from '../../src/uploads/upload-store';

const STATIONS = 'station,longitude,latitude\nNorth,-100.5,45.2\nSouth,-99.1,30.7\n';
const QUOTA_MESSAGE =
  "will not survive a reload: the browser's storage for this site is full: remove an upload or free space";

let databaseCount = 0;
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openStore(): Promise<UploadStore> {
  const store = await UploadStore.open(`upload-library-test-${(databaseCount += 1)}`);
  cleanups.push(() => store.close());
  return store;
}

let clock = 0;

/** One visit to the page: a fresh map, catalog and engine over the same browser storage. */
function visit(storage: () => Promise<UploadStorage>, configured: CatalogEntry[] = []) {
  const map = new FakeMap();
  const catalog = new DatasetCatalog(configured);
  const engine = new LazyDataEngine(() => new DuckDbNodeEngine());
  cleanups.push(() => engine.close());
  const lateFailures: string[] = [];
  const library = new UploadLibrary({
    map,
    catalog,
    engine: async () => engine,
    maxBytes: 1_000_000,
    onLateFailure: (message) => lateFailures.push(message),
    storage,
    now: () => (clock += 1000),
  });
  const rows = async (sql: string) => (await engine.query(sql)).rows;
  /** A new upload's table loads for SQL after the upload is announced (the layer never waits for it). */
  const tableLoaded = (table: string) =>
    vi.waitFor(async () => expect(await engine.listTables()).toContain(table));
  return { map, catalog, engine, library, lateFailures, rows, tableLoaded };
}

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('uploads over reloads', () => {
  it('a new upload is a table, a layer, a catalog entry and a kept file', async () => {
    const store = await openStore();
    const page = visit(async () => store);
    const outcome = await page.library.add(csv('stations.csv', STATIONS));
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.message).toBe(
      'stations.csv was added as table stations and drawn as layer stations (2 features).',
    );
    expect(page.map.getLayer('stations')?.featureCount).toBe(2);
    expect(page.catalog.get('stations')?.origin).toBe('upload');
    await page.tableLoaded('stations');
    expect(await page.rows('SELECT station FROM stations ORDER BY station')).toEqual([
      { station: 'North' },
      { station: 'South' },
    ]);
    const [kept] = await store.list();
    expect(kept).toMatchObject({ table: 'stations', fileName: 'stations.csv', format: 'csv' });
    expect(await kept!.bytes.text()).toBe(STATIONS);
  });

  it('a GeoJSON mixing points, lines and areas draws the kind most of it has and says what it left out', async () => {
    const store = await openStore();
    const page = visit(async () => store);
    const area = (west: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [west, 0],
          [west + 1, 0],
          [west + 1, 1],
          [west, 0],
        ],
      ],
    });
    const mixed = {
      type: 'FeatureCollection',
      features: [
        { type: 'Point', coordinates: [5, 5] },
        area(0),
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [3, 3],
          ],
        },
        area(2),
      ].map((geometry, index) => ({ type: 'Feature', properties: { index }, geometry })),
    };
    const outcome = await page.library.add(
      new File([JSON.stringify(mixed)], 'farm.geojson', { type: 'application/geo+json' }),
    );
    expect(outcome.message).toBe(
      'farm.geojson was added as table farm and drawn as layer farm (2 features); its 1 point and 1 line are not drawn (a layer draws one kind of shape; the table has every row).',
    );
    expect(page.map.getLayer('farm')).toMatchObject({ kind: 'fill', featureCount: 2 });
    await page.tableLoaded('farm');
    expect(await page.rows('SELECT count(*)::INTEGER AS n FROM farm')).toEqual([{ n: 4 }]);
  });

  it('after a reload, a kept upload comes back as the same table, layer and catalog entry, without starting DuckDB', async () => {
    const store = await openStore();
    const first = visit(async () => store);
    await first.library.add(csv('stations.csv', STATIONS));
    await first.library.add(
      new File(
        [
          JSON.stringify({
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: { name: 'Lake' },
                geometry: { type: 'Point', coordinates: [10, 50] },
              },
            ],
          }),
        ],
        'lakes.geojson',
      ),
    );
    const prompt = (catalog: DatasetCatalog) =>
      buildSystemPrompt({ basePrompt: 'Base.', datasets: catalog.list() });

    const second = visit(async () => store);
    expect(await second.library.restore()).toEqual([]);
    expect(second.engine.started).toBe(false);
    expect(second.map.listLayers().map((layer) => [layer.id, layer.title, layer.visible])).toEqual(
      first.map.listLayers().map((layer) => [layer.id, layer.title, layer.visible]),
    );
    expect(second.catalog.list()).toEqual(first.catalog.list());
    expect(prompt(second.catalog)).toBe(prompt(first.catalog));
    expect(await second.rows('SELECT count(*) AS n FROM stations')).toEqual([{ n: 2 }]);
    expect(await second.rows('SELECT name FROM lakes')).toEqual([{ name: 'Lake' }]);
  });

  it('re-uploading a file of the same name replaces it: one table, one layer, one kept file', async () => {
    const store = await openStore();
    const page = visit(async () => store);
    await page.library.add(csv('stations.csv', STATIONS));
    await page.library.add(csv('other.csv', 'name,lon,lat\nX,1,2\n'));
    const outcome = await page.library.add(
      csv('stations.csv', 'station,longitude,latitude\nEast,-80,35\nWest,-120,38\nMid,-95,39\n'),
    );
    expect(outcome.message).toContain('was added as table stations and drawn as layer stations');
    expect(outcome.message).toContain('It replaces the earlier upload of stations.csv.');
    expect(page.map.listLayers().map((layer) => layer.id)).toEqual(['stations', 'other']);
    expect(page.map.getLayer('stations')?.featureCount).toBe(3);
    expect(page.catalog.list().filter((entry) => entry.title === 'stations.csv')).toHaveLength(1);
    await vi.waitFor(async () =>
      expect(await page.rows('SELECT station FROM stations ORDER BY station')).toEqual([
        { station: 'East' },
        { station: 'Mid' },
        { station: 'West' },
      ]),
    );
    expect((await store.list()).map((kept) => kept.table)).toEqual(['stations', 'other']);

    // After a reload the replaced file is still first, where it was on the map.
    const next = visit(async () => store);
    await next.library.restore();
    expect(next.map.listLayers().map((layer) => layer.id)).toEqual(['stations', 'other']);
    expect(next.map.getLayer('stations')?.featureCount).toBe(3);
  });

  it('a re-upload with nothing to draw takes the earlier layer off the map', async () => {
    const page = visit(openStore);
    await page.library.add(csv('stations.csv', STATIONS));
    const outcome = await page.library.add(csv('stations.csv', 'station,count\nNorth,3\n'));
    expect(outcome.message).toContain('(no longitude/latitude columns, so it is not drawn)');
    expect(page.map.getLayer('stations')).toBeUndefined();
    expect(page.catalog.get('stations')?.layerId).toBeUndefined();
  });

  it('a removed upload is gone from SQL, the map, the catalog and the store, and stays gone after a reload', async () => {
    const store = await openStore();
    const page = visit(async () => store);
    await page.library.add(csv('stations.csv', STATIONS));
    await page.library.add(csv('kept.csv', 'name,lon,lat\nX,1,2\n'));
    expect(page.library.canRemoveLayer('stations')).toBe(true);

    const removal = await page.library.removeLayer('stations');
    expect(removal).toEqual({ ok: true, message: 'stations.csv was removed.' });
    expect(page.map.getLayer('stations')).toBeUndefined();
    expect(page.catalog.get('stations')).toBeUndefined();
    expect(page.library.canRemoveLayer('stations')).toBe(false);
    await expect(page.rows('SELECT * FROM stations')).rejects.toThrow(/stations/);
    expect((await store.list()).map((kept) => kept.table)).toEqual(['kept']);

    const next = visit(async () => store);
    await next.library.restore();
    expect(next.map.listLayers().map((layer) => layer.id)).toEqual(['kept']);
    expect(next.catalog.get('stations')).toBeUndefined();
  });

  it('only uploads can be removed', async () => {
    const configured: CatalogEntry = {
      id: 'airports',
      title: 'Airports',
      description: '',
      table: 'airports',
      columns: {},
      format: 'csv',
      origin: 'config',
      layerId: 'airports',
    };
    const page = visit(openStore, [configured]);
    expect(page.library.canRemoveLayer('airports')).toBe(false);
    expect(await page.library.remove('airports')).toMatchObject({ ok: false });
    expect(page.catalog.get('airports')).toBeDefined();
  });

  it('a full quota: the upload works for this visit, says plainly it will not survive a reload and why, and loses nothing else', async () => {
    const store = await openStore();
    const first = visit(async () => store);
    await first.library.add(csv('earlier.csv', 'name,lon,lat\nX,1,2\n'));
    const full: UploadStorage = {
      list: () => store.list(),
      delete: (table) => store.delete(table),
      put: () =>
        Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    };
    const page = visit(async () => full);
    await page.library.restore();
    const outcome = await page.library.add(csv('stations.csv', STATIONS));
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toContain('was added as table stations');
    // The upload is announced before its file is kept; the note that it could not be follows.
    await vi.waitFor(() => expect(page.lateFailures.join('\n')).toContain(QUOTA_MESSAGE));
    expect(page.map.getLayer('stations')?.featureCount).toBe(2);
    expect(page.catalog.get('stations')).toBeDefined();
    await page.tableLoaded('stations');
    expect(await page.rows('SELECT count(*) AS n FROM stations')).toEqual([{ n: 2 }]);
    // The earlier upload is untouched, on the map and in the store.
    expect(page.map.getLayer('earlier')).toBeDefined();
    expect((await store.list()).map((kept) => kept.table)).toEqual(['earlier']);
  });

  it('a full quota on a re-upload: the older file does not come back in its place after a reload', async () => {
    const store = await openStore();
    const first = visit(async () => store);
    await first.library.add(csv('stations.csv', STATIONS));
    const full: UploadStorage = {
      list: () => store.list(),
      delete: (table) => store.delete(table),
      put: () => Promise.reject(new DOMException('Full.', 'QuotaExceededError')),
    };
    const second = visit(async () => full);
    await second.library.restore();
    await second.library.add(csv('stations.csv', 'station,lon,lat\nNew,1,2\n'));
    await vi.waitFor(() => expect(second.lateFailures.join('\n')).toContain(QUOTA_MESSAGE));
    expect(await store.list()).toEqual([]);
  });

  it('a browser without storage for the site: the upload works for the visit and the message says why', async () => {
    const page = visit(() => Promise.reject(new Error('IndexedDB is not available')));
    const outcome = await page.library.add(csv('stations.csv', STATIONS));
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() =>
      expect(page.lateFailures).toContain(
        'stations.csv: It is here for this visit only and will not survive a reload: the browser could not store it (IndexedDB is not available).',
      ),
    );
    expect(page.map.getLayer('stations')).toBeDefined();
  });

  it('a kept upload whose name the map now uses for its own dataset comes back under another name', async () => {
    const store = await openStore();
    await visit(async () => store).library.add(csv('airports.csv', 'name,lon,lat\nX,1,2\n'));
    const configured: CatalogEntry = {
      id: 'airports',
      title: 'US airports',
      description: '',
      table: 'airports',
      columns: {},
      format: 'csv',
      origin: 'config',
    };
    const page = visit(async () => store, [configured]);
    expect(await page.library.restore()).toEqual([]);
    expect(page.catalog.get('airports')?.origin).toBe('config');
    expect(page.catalog.get('airports_2')).toMatchObject({
      origin: 'upload',
      layerId: 'airports_2',
    });
    expect((await store.list()).map((kept) => kept.table)).toEqual(['airports_2']);
  });

  it('a kept file that no longer reads is reported by name, and the others still come back', async () => {
    const store = await openStore();
    await store.put({
      table: 'broken',
      fileName: 'broken.geojson',
      format: 'geojson',
      bytes: new Blob(['{"type": "FeatureCollection", "features": [']),
      size: 44,
      addedAt: 1,
    });
    await visit(async () => store).library.add(csv('stations.csv', STATIONS));
    const page = visit(async () => store);
    const problems = await page.library.restore();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^broken\.geojson, kept from an earlier visit, did not come back: /,
    );
    expect(page.map.getLayer('stations')).toBeDefined();
  });
});

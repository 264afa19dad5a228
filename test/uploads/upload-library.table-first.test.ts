// A large CSV loads its table first: the upload is announced once SQL can read it, without claiming a
// layer that is not drawn yet, and the person is told when the layer is drawn. A Cancel before then
// leaves nothing behind. The file is kept for later visits only after the announcement.
// Real DuckDB (native, behind the lazy engine the app uses), IndexedDB through fake-indexeddb, FakeMap.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatasetCatalog } from '../../src/config/dataset-catalog';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';
import { FakeMap } from '../../src/testing/fake-map';
import { UploadLibrary } from '../../src/uploads/upload-library';
import { UploadStore, type UploadStorage } from '../../src/uploads/upload-store';
import type { UploadProgress } from '../../src/uploads/upload-dataset';

const STATIONS = 'station,longitude,latitude\nNorth,-100.5,45.2\nSouth,-99.1,30.7\n';
const cleanups: (() => unknown)[] = [];
let databases = 0;

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A page whose every CSV over 10 bytes counts as large; `storage` keeps the files. */
async function visit(storage?: UploadStorage) {
  const store = storage ?? (await UploadStore.open(`table-first-test-${(databases += 1)}`));
  if (!storage) cleanups.push(() => (store as UploadStore).close());
  const map = new FakeMap();
  const catalog = new DatasetCatalog();
  const engine = new LazyDataEngine(() => new DuckDbNodeEngine());
  cleanups.push(() => engine.close());
  const late: string[] = [];
  const library = new UploadLibrary({
    map,
    catalog,
    engine: async () => engine,
    maxBytes: 1_000_000,
    tableFirstBytes: 10,
    onLateFailure: (message) => late.push(message),
    onLateNotice: (message) => late.push(message),
    storage: async () => store,
  });
  return { map, catalog, engine, library, late, store };
}

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('a large CSV upload', () => {
  it('is announced once SQL can read it, and its layer only once it is drawn', async () => {
    const page = await visit();
    const progress: UploadProgress[] = [];
    const outcome = await page.library.add(csv('stations.csv', STATIONS), {
      onProgress: (read) => progress.push(read),
    });
    expect(outcome).toMatchObject({ ok: true, after: 'drawing' });
    expect(outcome.message).toBe(
      'stations.csv was added as table stations (2 rows); its points are being drawn as layer stations.',
    );
    // Queryable at the announcement, not later.
    expect((await page.engine.query('SELECT count(*) AS n FROM stations')).rows).toEqual([
      { n: 2 },
    ]);
    expect(page.catalog.get('stations')?.columns).toMatchObject({
      longitude: 'number (from the uploaded file)',
    });
    expect(progress[0]).toEqual({ loadedBytes: 0, totalBytes: STATIONS.length });
    await page.library.tableReady('stations');
    expect(page.late).toEqual(['stations.csv is drawn as layer stations (2 features).']);
    expect(page.map.getLayer('stations')?.featureCount).toBe(2);
    expect(page.catalog.get('stations')?.layerId).toBe('stations');
    await vi.waitFor(async () => expect(await page.store.list()).toHaveLength(1));
  });

  it('says when it has nothing to draw', async () => {
    const page = await visit();
    const outcome = await page.library.add(csv('plain.csv', 'a,b\n1,2\n3,4\n5,6\n'));
    expect(outcome.message).toBe(
      'plain.csv was added as table plain (3 rows) (no longitude/latitude columns, so it is not drawn).',
    );
  });

  it('cancelled before its table is read, leaves no table, entry, layer or kept file', async () => {
    const page = await visit();
    const stop = new AbortController();
    stop.abort(new DOMException('Cancelled.', 'AbortError'));
    const outcome = await page.library.add(csv('stations.csv', STATIONS), { signal: stop.signal });
    expect(outcome).toEqual({
      ok: false,
      cancelled: true,
      message: 'Adding stations.csv was cancelled.',
    });
    expect(page.catalog.get('stations')).toBeUndefined();
    expect(page.map.getLayer('stations')).toBeUndefined();
    expect(await page.engine.listTables()).not.toContain('stations');
    expect(await page.store.list()).toEqual([]);
  });

  it('is announced without waiting for the browser to keep the file', async () => {
    let keep: (() => void) | undefined;
    const slow: UploadStorage = {
      list: async () => [],
      delete: async () => undefined,
      put: () => new Promise<void>((resolve) => (keep = resolve)),
    };
    const page = await visit(slow);
    const outcome = await page.library.add(csv('stations.csv', STATIONS));
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect(keep).toBeDefined());
    // The next upload waits for the file to be kept: a removal must not race it.
    let removed = false;
    const removal = page.library.remove('stations').finally(() => (removed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(removed).toBe(false);
    keep?.();
    expect(await removal).toMatchObject({ ok: true });
  });
});

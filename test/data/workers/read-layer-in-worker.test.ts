// The page's side of an upload's layer read in the table decoder's worker (the real worker module, run
// in-process): the summary, tiles and features it answers, the same sentences as the page's own reader
// for a bad file, and a worker that stays while it holds a layer and goes 10 s after the last release.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatasetCatalog } from '../../../src/config/dataset-catalog';
import { FakeMap } from '../../../src/testing/fake-map';
import { InProcessWorker, startInProcessWorker } from '../in-process-worker';
import { sites } from '../layer-fixtures';
import type { heldLayerCount } from '../../../src/data/workers/table-decoder-client';
import type { readUploadInWorker } from '../../../src/uploads/read-upload-in-worker';
import type { addUpload, UploadSource } from '../../../src/uploads/upload-dataset';

/** Lets the worker's answers (delivered as microtasks) arrive. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The modules under test, fresh for each test's fresh worker module. */
async function load() {
  const [client, reader, dataset] = await Promise.all([
    import('../../../src/data/workers/table-decoder-client'),
    import('../../../src/uploads/read-upload-in-worker'),
    import('../../../src/uploads/upload-dataset'),
  ]);
  return {
    heldLayerCount: client.heldLayerCount as typeof heldLayerCount,
    readUploadInWorker: reader.readUploadInWorker as typeof readUploadInWorker,
    addUpload: dataset.addUpload as typeof addUpload,
  };
}

describe("an upload's layer read in the worker", () => {
  beforeEach(startInProcessWorker);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers the summary, tiles and features of a file the worker reads itself, and releases', async () => {
    const { readUploadInWorker, heldLayerCount } = await load();
    const read = await readUploadInWorker('sites', 'geojson', new Blob([sites]));
    expect(read.summary.layer).toEqual({
      featureCount: 2,
      geometryType: 'Point',
      bounds: [1, 2, 3, 4],
      properties: ['name'],
    });
    const served = read.served!;
    expect(served).toMatchObject({ featureCount: 2, bounds: [1, 2, 3, 4], maxZoom: 14 });
    expect((await served.tile(0, 0, 0))?.byteLength).toBeGreaterThan(0);
    expect(await served.tile(3, 0, 7)).toBeUndefined();
    const features = await served.features();
    expect(features.features.map((feature) => feature.properties?.name)).toEqual(['a', 'b']);
    expect(await heldLayerCount()).toBe(1);
    served.release();
    expect(await heldLayerCount()).toBe(0);
  });

  it('gives the same sentences as the page reader for bad files and files without coordinates', async () => {
    const { readUploadInWorker, addUpload, heldLayerCount } = await load();
    const files: [string, UploadSource['format'], string][] = [
      ['broken.geojson', 'geojson', '{"type": "FeatureCollection", "features": ['],
      ['feature.geojson', 'geojson', '{"type": "Feature"}'],
      ['plain.csv', 'csv', 'name,size\na,1\nb,2'],
      ['header.csv', 'csv', 'name,lon,lat'],
    ];
    for (const [fileName, format, text] of files) {
      const messages = [];
      for (const readUpload of [undefined, readUploadInWorker]) {
        const source = { table: 'upload', fileName, format, file: new Blob([text]) };
        const { outcome } = await addUpload(source, {
          map: new FakeMap(),
          catalog: new DatasetCatalog(),
          engine: async () => undefined,
          maxBytes: 1_000_000,
          ...(readUpload ? { readUpload } : {}),
        });
        messages.push(outcome.message);
      }
      expect(messages[1]).toBe(messages[0]);
    }
    expect(await heldLayerCount()).toBe(0);
  });

  it('keeps the worker while it holds a layer, and lets it go 10 s after the last release', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { readUploadInWorker } = await load();
    const first = (await readUploadInWorker('a', 'geojson', new Blob([sites]))).served!;
    const second = (await readUploadInWorker('b', 'geojson', new Blob([sites]))).served!;
    const worker = InProcessWorker.made[0]!;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.terminated).toBe(false);

    first.release();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.terminated).toBe(false);

    second.release();
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    // A tile asked for meanwhile (the map still drawing the layer) restarts the idle time.
    await second.tile(0, 0, 0);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.terminated).toBe(true);
    expect(InProcessWorker.made).toHaveLength(1);
  });
});

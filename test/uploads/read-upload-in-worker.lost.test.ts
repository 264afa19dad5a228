// @vitest-environment jsdom
// When the worker that holds uploads' layers fails (out of memory, say), their tiles come back empty:
// the person is told which uploads the map can no longer draw, and that a reload brings them back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lostUploadsMessage } from '../../src/uploads/read-upload-in-worker';

/** A stand-in for the browser's Worker: records what it is sent and answers when told. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  readonly sent: { id: number; kind: string }[] = [];
  constructor(readonly url: URL | string) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(message: { id: number; kind: string }): void {
    this.sent.push(message);
  }
  terminate(): void {}
  answer(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const summary = {
  rowCount: 2,
  columns: ['name'],
  columnDescriptions: {},
  layer: { featureCount: 2, geometryType: 'Point', bounds: [1, 2, 3, 4], properties: ['name'] },
};

describe('uploads lost with their worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the uploads whose layers the failed worker held, once, and none after they were released', async () => {
    const { reportLostUploads } = await import('../../src/uploads/read-upload-in-worker');
    const { readLayerInWorker } = await import('../../src/data/workers/read-layer-in-worker');
    const messages: string[] = [];
    reportLostUploads(
      (message) => messages.push(message),
      (table) => `${table}.csv`,
    );
    const reads = ['stations', 'harbours', 'gone'].map((table) =>
      readLayerInWorker(table, 'csv', new TextEncoder().encode('name,lon,lat\n')),
    );
    const worker = FakeWorker.made[0]!;
    for (const request of worker.sent)
      worker.answer({ id: request.id, value: { summary, tileMaxZoom: 14 } });
    const [, , gone] = await Promise.all(reads);
    gone!.release();
    worker.dispatchEvent(new Event('error'));
    expect(messages).toEqual([
      "The map can no longer draw stations.csv and harbours.csv: the page's file reader stopped (the browser may have run out of memory). Reload the page to draw them again; the files are kept.",
    ]);
  });

  it('speaks of one upload as it', () => {
    expect(lostUploadsMessage(['stations#1'], (table) => `${table}.csv`)).toBe(
      "The map can no longer draw stations.csv: the page's file reader stopped (the browser may have run out of memory). Reload the page to draw it again; the files are kept.",
    );
  });
});

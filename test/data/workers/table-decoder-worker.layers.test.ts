// The table decoder's worker answering requests about uploads' layers: a file read and held (its
// summary), a tile (bytes, or null for an empty area), the features for a join, a release, and the
// reader's sentence for a bad file.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLayerFile } from '../../../src/data/upload-files/upload-layer-file';
import { InProcessWorker, startInProcessWorker } from '../in-process-worker';
import { encode, sites } from '../layer-fixtures';
import type { DecoderRequestBody } from '../../../src/data/workers/table-decoder-client';
import type { DecodeAnswer, DecoderRequest } from '../../../src/data/workers/table-decoder-worker';

let requests = 0;

/** Sends one request to the worker and waits for its answer. */
async function ask(body: DecoderRequestBody): Promise<DecodeAnswer> {
  const worker = InProcessWorker.made[0] ?? new InProcessWorker('worker');
  const id = (requests += 1);
  const answered = new Promise<DecodeAnswer>((resolve) => {
    const listener = (event: Event): void => {
      const data = (event as MessageEvent<DecodeAnswer>).data;
      if (data.id !== id) return;
      worker.removeEventListener('message', listener);
      resolve(data);
    };
    worker.addEventListener('message', listener);
  });
  worker.postMessage({ ...body, id } as DecoderRequest);
  return answered;
}

function valueOf(answer: DecodeAnswer): unknown {
  if (!('value' in answer)) throw new Error(`expected a value, got ${JSON.stringify(answer)}`);
  return answer.value;
}

/** The sentence the page's own reader throws for these bytes. */
function sentenceHere(format: 'csv' | 'geojson', text: string): string {
  try {
    readLayerFile(format, encode(text));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was read');
}

describe("the table decoder's worker, for uploads' layers", () => {
  beforeEach(startInProcessWorker);
  afterEach(() => vi.unstubAllGlobals());

  it('reads a file and holds it: its summary, tiles, features, and a release', async () => {
    const read = valueOf(
      await ask({
        kind: 'layer',
        layerId: 'sites#1',
        tileLayer: 'sites',
        format: 'geojson',
        bytes: encode(sites),
      }),
    );
    expect(read).toMatchObject({
      tileMaxZoom: 14,
      summary: { rowCount: 2, layer: { featureCount: 2, bounds: [1, 2, 3, 4] } },
    });
    expect(valueOf(await ask({ kind: 'held' }))).toBe(1);

    const tile = valueOf(await ask({ kind: 'tile', layerId: 'sites#1', z: 0, x: 0, y: 0 }));
    expect(tile).toBeInstanceOf(Uint8Array);
    expect(new VectorTile(new PbfReader(tile as Uint8Array)).layers.sites?.length).toBe(2);
    // The far side of the world at zoom 3: nothing there, so no bytes.
    expect(valueOf(await ask({ kind: 'tile', layerId: 'sites#1', z: 3, x: 0, y: 7 }))).toBeNull();

    const features = valueOf(await ask({ kind: 'features', layerId: 'sites#1' }));
    expect(features).toMatchObject({ type: 'FeatureCollection', features: [{}, {}] });

    expect(valueOf(await ask({ kind: 'release', layerId: 'sites#1' }))).toBe(true);
    expect(valueOf(await ask({ kind: 'held' }))).toBe(0);
    expect(await ask({ kind: 'features', layerId: 'sites#1' })).toMatchObject({
      error: 'The layer sites#1 is not held.',
    });
    // A released layer's tiles are empty, never an error MapLibre would report.
    expect(valueOf(await ask({ kind: 'tile', layerId: 'sites#1', z: 0, x: 0, y: 0 }))).toBeNull();
  });

  it('answers a bad file with the sentence the page reader gives', async () => {
    for (const text of ['{"type": "FeatureCollection", "features": [', '{"type": "Feature"}']) {
      const answer = await ask({
        kind: 'layer',
        layerId: 'bad#1',
        tileLayer: 'bad',
        format: 'geojson',
        bytes: encode(text),
      });
      expect(answer).toEqual({ id: answer.id, error: sentenceHere('geojson', text) });
    }
    // No coordinates: a summary without a layer, and nothing held.
    const plain = valueOf(
      await ask({
        kind: 'layer',
        layerId: 'plain#1',
        tileLayer: 'plain',
        format: 'csv',
        bytes: encode('name,size\na,1'),
      }),
    );
    expect(plain).toMatchObject({ summary: { rowCount: 1, columns: ['name', 'size'] } });
    expect((plain as { summary: { layer?: unknown } }).summary.layer).toBeUndefined();
    expect(valueOf(await ask({ kind: 'held' }))).toBe(0);
  });
});

// @vitest-environment jsdom
// A CSV file is written a chunk at a time: into a file the person picks where the browser has a picker,
// else into a Blob made of the encoded chunks; a closed picker writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { blobSink, openCsvSink, writeCsv } from '../../src/results/csv-file';

async function* chunksOf(count: number, size: number) {
  for (let start = 0; start < count; start += size)
    yield Array.from({ length: Math.min(size, count - start) }, (_, index) => ({
      i: start + index,
      place: start + index === 0 ? 'Anchorage, "AK"' : 'x',
    }));
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'showSaveFilePicker');
});

describe('a CSV file written a chunk at a time', () => {
  it('makes a Blob of every row, one chunk per part', async () => {
    let saved: Blob | undefined;
    const sink = blobSink('text/csv', (blob) => (saved = blob));
    const progress: number[] = [];
    const written = await writeCsv(sink, ['i', 'place'], chunksOf(50_000, 20_000), (rows) =>
      progress.push(rows),
    );
    expect(written).toBe(50_000);
    expect(progress).toEqual([20_000, 40_000, 50_000]);
    const text = await saved!.text();
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(50_001);
    expect(lines.slice(0, 2)).toEqual(['i,place', '0,"Anchorage, ""AK"""']);
    expect(lines.at(-1)).toBe('49999,x');
  });

  it('writes to the file the person picks, where the browser has a picker', async () => {
    const writes: string[] = [];
    let closed = false;
    let suggested = '';
    Reflect.set(globalThis, 'showSaveFilePicker', (options: { suggestedName: string }) => {
      suggested = options.suggestedName;
      return Promise.resolve({
        createWritable: () =>
          Promise.resolve({
            write: (text: string) => {
              writes.push(text);
              return Promise.resolve();
            },
            close: () => {
              closed = true;
              return Promise.resolve();
            },
            abort: () => Promise.resolve(),
          }),
      });
    });
    const sink = await openCsvSink('quakes.csv', () => {
      throw new Error('no Blob when there is a picker');
    });
    await writeCsv(sink!, ['i', 'place'], chunksOf(3, 2));
    expect(suggested).toBe('quakes.csv');
    expect(writes).toEqual(['i,place\r\n', '0,"Anchorage, ""AK"""\r\n1,x\r\n', '2,x\r\n']);
    expect(closed).toBe(true);
  });

  it('writes nothing when the person closes the picker', async () => {
    Reflect.set(globalThis, 'showSaveFilePicker', () =>
      Promise.reject(new DOMException('closed', 'AbortError')),
    );
    expect(await openCsvSink('x.csv', () => undefined)).toBeUndefined();
  });
});

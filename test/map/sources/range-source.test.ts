import { describe, expect, it } from 'vitest';
import { RangeSource } from '../../../src/map/sources/range-source';
import { byteRange } from '../../../src/offline/byte-range';

const file = Uint8Array.from({ length: 100 }, (_, index) => index);

/** A host over `file`: answers ranges (206), ignores them (200, whole file), or fails. */
function host(mode: 'ranges' | 'whole' | 'missing') {
  const requests: (string | undefined)[] = [];
  const fetchFunction = async (_url: string, init?: RequestInit): Promise<Response> => {
    const range = (init?.headers as Record<string, string> | undefined)?.range;
    requests.push(range);
    if (mode === 'missing') return new Response('not found', { status: 404 });
    const wanted = byteRange(range, file.length);
    if (mode === 'ranges' && wanted) {
      return new Response(file.slice(wanted.start, wanted.end + 1), { status: 206 });
    }
    if (mode === 'ranges' && range) return new Response(null, { status: 416 });
    return new Response(file.slice(), { status: 200 });
  };
  return { requests, fetchFunction };
}

const bytes = async (source: RangeSource, offset: number, length: number): Promise<number[]> => [
  ...new Uint8Array((await source.getBytes(offset, length)).data),
];

describe('tile archive ranges', () => {
  it('reads each range with a range request from a host that answers them', async () => {
    const { requests, fetchFunction } = host('ranges');
    const source = new RangeSource('http://127.0.0.1/a.pmtiles', fetchFunction);
    expect(await bytes(source, 10, 3)).toEqual([10, 11, 12]);
    expect(await bytes(source, 98, 2)).toEqual([98, 99]);
    expect(requests).toEqual(['bytes=10-12', 'bytes=98-99']);
  });

  it('keeps the whole file from a host that ignores ranges, and slices it from then on', async () => {
    const { requests, fetchFunction } = host('whole');
    const source = new RangeSource('http://127.0.0.1/a.pmtiles', fetchFunction);
    expect(await bytes(source, 0, 4)).toEqual([0, 1, 2, 3]);
    expect(await bytes(source, 50, 2)).toEqual([50, 51]);
    expect(requests).toHaveLength(1);
  });

  it('asks for the whole file when a range starts past the end', async () => {
    const { requests, fetchFunction } = host('ranges');
    const source = new RangeSource('http://127.0.0.1/a.pmtiles', fetchFunction);
    expect(await bytes(source, 120, 10)).toEqual([]);
    expect(await bytes(source, 5, 2)).toEqual([5, 6]);
    expect(requests).toEqual(['bytes=120-129', undefined]);
  });

  it('says the file changed when its ETag no longer matches, so pmtiles reads it again', async () => {
    const fetchFunction = async (): Promise<Response> =>
      new Response(file.slice(0, 2), { status: 206, headers: { etag: '"v2"' } });
    const source = new RangeSource('http://127.0.0.1/a.pmtiles', fetchFunction);
    expect((await source.getBytes(0, 2, undefined, '"v2"')).etag).toBe('"v2"');
    await expect(source.getBytes(0, 2, undefined, '"v1"')).rejects.toThrow('changed while');
  });

  it('tries again after the whole file failed to download', async () => {
    let calls = 0;
    const fetchFunction = async (): Promise<Response> => {
      calls += 1;
      if (calls === 1) {
        const broken = new ReadableStream({
          start: (controller) => controller.error(new Error('cut')),
        });
        return new Response(broken, { status: 200 });
      }
      return new Response(file.slice(), { status: 200 });
    };
    const source = new RangeSource('http://127.0.0.1/a.pmtiles', fetchFunction);
    await expect(source.getBytes(0, 2)).rejects.toThrow('cut');
    expect(await bytes(source, 0, 2)).toEqual([0, 1]);
    expect(calls).toBe(2);
  });

  it('names the archive and the status when the host has no such file', async () => {
    const source = new RangeSource(
      'http://127.0.0.1/missing.pmtiles',
      host('missing').fetchFunction,
    );
    await expect(source.getBytes(0, 16_384)).rejects.toThrow(
      'http://127.0.0.1/missing.pmtiles answered HTTP 404',
    );
  });
});

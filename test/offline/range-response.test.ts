import { describe, expect, it } from 'vitest';
import { rangeResponse } from '../../src/offline/range-response';

const archive = (): Response =>
  new Response(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), {
    headers: { 'content-type': 'application/vnd.pmtiles' },
  });

describe('a range request answered from a whole cached file', () => {
  it('answers 206 with the bytes asked for and where they lie in the file', async () => {
    const response = await rangeResponse(archive(), 'bytes=2-5');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(response.headers.get('content-length')).toBe('4');
    expect(response.headers.get('content-type')).toBe('application/vnd.pmtiles');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 3, 4, 5]);
  });

  it('an open range runs to the end of the file; a range past the end is cut at it', async () => {
    const open = await rangeResponse(archive(), 'bytes=7-');
    expect([...new Uint8Array(await open.arrayBuffer())]).toEqual([7, 8, 9]);
    const long = await rangeResponse(archive(), 'bytes=8-16383');
    expect(long.headers.get('content-range')).toBe('bytes 8-9/10');
    expect([...new Uint8Array(await long.arrayBuffer())]).toEqual([8, 9]);
  });

  it('a range that starts past the end is 416, and no range is the whole file', async () => {
    const past = await rangeResponse(archive(), 'bytes=10-20');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
    const whole = await rangeResponse(archive(), null);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(10);
  });
});

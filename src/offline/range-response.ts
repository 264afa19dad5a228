// A range request answered from a whole cached file, as a static host answers it: PMTiles archives are
// read a tile at a time, and the cache holds each archive whole.
import { byteRange, rangeNotSatisfiable } from './byte-range';

/** `full` sliced to the request's `Range` header: a 206, a 416 past the end, or `full` itself. */
export async function rangeResponse(full: Response, rangeHeader: string | null): Promise<Response> {
  if (rangeHeader === null) return full;
  // A Blob slices without copying the file into memory.
  const body = await full.blob();
  const size = body.size;
  const headers = new Headers(full.headers);
  headers.set('accept-ranges', 'bytes');
  if (rangeNotSatisfiable(rangeHeader, size)) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const range = byteRange(rangeHeader, size);
  // A range form this does not read (a suffix, several ranges) gets the whole file, which HTTP allows.
  if (!range) {
    headers.set('content-length', String(size));
    return new Response(body, { status: 200, headers });
  }
  headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  headers.set('content-length', String(range.end - range.start + 1));
  return new Response(body.slice(range.start, range.end + 1), { status: 206, headers });
}

// The headers the offline copy keeps with a file: what the host sent with it (the page's
// Content-Security-Policy with frame-ancestors, nosniff, Referrer-Policy, a worker's own policy, its
// type), so a revisit answered from the cache carries the same policy as the first visit. Only what
// described the transfer itself is left out: the cached body is whole and decoded.
import { headersStampHeader, sha256Header } from './precache-manifest';

/** Headers about one transfer, not about the file: a cached copy must not repeat them. */
const transferHeaders = new Set([
  'age',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
]);

/** What a file is cached with, and which build and headers it was checked against. */
export interface KeptFile {
  /** The file's SHA-256 in the build's list. */
  sha256: string;
  /** The build's headers stamp (a hash of its `_headers`): kept headers are reused only under the same. */
  headersStamp: string;
  /** The file's whole length in bytes. */
  size: number;
}

/** The headers to cache `served` with: the host's own, less the transfer's, plus what the cache reads. */
export function keptHeaders(served: Headers, kept: KeptFile): Headers {
  const headers = new Headers();
  served.forEach((value, name) => {
    if (!transferHeaders.has(name.toLowerCase())) headers.set(name, value);
  });
  headers.set('content-length', String(kept.size));
  headers.set(sha256Header, kept.sha256);
  headers.set(headersStampHeader, kept.headersStamp);
  return headers;
}

/** True when a cached copy is this file, kept under the same headers: it can be reused as it is. */
export function reusable(
  cached: Response | undefined,
  sha256: string,
  headersStamp: string,
): cached is Response {
  return (
    cached !== undefined &&
    cached.headers.get(sha256Header) === sha256 &&
    cached.headers.get(headersStampHeader) === headersStamp
  );
}

// Serves a built app folder on loopback, with the MIME types the app needs (wasm, workers, data).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { byteRange, rangeNotSatisfiable } from '../../src/offline/byte-range';
import { startLoopbackServer, type LoopbackServer } from './loopback';
import { ShapedLink, type LinkShape } from './shaped-link';
import type { RequestListener } from 'node:http';

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.parquet': 'application/vnd.apache.parquet',
  '.arrow': 'application/vnd.apache.arrow.file',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.pmtiles': 'application/vnd.pmtiles',
};

/** The built app under test: dist/, or MAPWRIGHT_DIST when a build went elsewhere. */
export const distDir = resolve(process.env.MAPWRIGHT_DIST ?? 'dist');

// What a static host compresses (tile archives and Parquet are compressed inside already).
const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.md',
  '.wasm',
  '.csv',
  '.tsv',
  '.svg',
  '.geojson',
]);

/** How the server behaves; by default as fast as loopback, nothing compressed, nothing cached. */
export interface StaticServerOptions {
  /**
   * Serve through a link of this bandwidth and latency, as a static host does: gzip for what the
   * browser accepts, and the content-hashed `assets/` cacheable for good (each benchmark boot uses a
   * fresh browser context, so nothing is reused between boots).
   */
  link?: LinkShape;
  /**
   * Headers sent with every file and with the answer to a CORS preflight (OPTIONS), as a publisher
   * whose app is embedded in other sites' pages configures their host.
   */
  headers?: Record<string, string>;
  /**
   * Headers for one path, sent over the defaults, as a host that reads `dist/_headers` (Netlify,
   * Cloudflare Pages) sends that file's rules: test/servers/headers-file-server.ts.
   */
  headersFor?: (pathname: string) => Record<string, string>;
  /** Told the bytes of each file's body as they are sent (a whole file or a range of it), by path. */
  onBytesServed?: (pathname: string, bytes: number) => void;
  /**
   * Paths whose first request fails with 503, as a busy server does now and then (a connection closed
   * instead would be sent again by Chromium itself on a reused socket). Told each request of them.
   */
  failFirst?: { paths: string[]; onRequest?: (pathname: string, failed: boolean) => void };
  /** Paths whose answers wait until `release` settles (a slow file: the engine still loading it). */
  holdUntil?: { paths: string[]; release: Promise<void> };
}

/** A suffix range (`bytes=-8`, the last 8 bytes, as Parquet readers ask for a footer) made absolute. */
function fromEnd(header: string | undefined, size: number): string | undefined {
  const suffix = /^bytes=-(\d+)$/.exec(header ?? '');
  return suffix ? `bytes=${Math.max(0, size - Number(suffix[1]))}-` : header;
}

// One spelling per header name, so a rule's `Cache-Control` replaces the default `cache-control`.
function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** Serves `root` (default: the built app) on a free loopback port. */
export async function startStaticServer(
  root = distDir,
  options: StaticServerOptions = {},
): Promise<LoopbackServer> {
  const base = resolve(root);
  const link = options.link && new ShapedLink(options.link);
  const gzipped = new Map<string, Buffer>();
  const failed = new Set<string>();
  let released = false;
  void options.holdUntil?.release.then(() => (released = true));
  const handler: RequestListener = (request, response) => {
    if (options.headers && request.method === 'OPTIONS') {
      response.writeHead(204, options.headers).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(base, pathname));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    if (!released && options.holdUntil?.paths.includes(pathname)) {
      void options.holdUntil.release.then(() => handler(request, response));
      return;
    }
    if (options.failFirst?.paths.includes(pathname)) {
      const fail = !failed.has(pathname);
      options.failFirst.onRequest?.(pathname, fail);
      if (fail) {
        failed.add(pathname);
        response.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
        return;
      }
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const stats = statSync(file);
    const size = stats.size;
    const headers = {
      'content-type': mimeTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': link
        ? pathname.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache'
        : 'no-store',
      'accept-ranges': 'bytes',
      ...options.headers,
      ...lowerCaseNames(options.headersFor?.(pathname) ?? {}),
    };
    // A static host lets a browser revalidate what it holds instead of downloading it again.
    const etag = `"${size.toString(16)}-${Math.round(stats.mtimeMs).toString(16)}"`;
    if (link && request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag, 'cache-control': headers['cache-control'] });
      link.send(response, Buffer.alloc(0));
      return;
    }
    if (link) Object.assign(headers, { etag });
    // Tile archives are read a tile at a time with range requests, as static hosts serve them.
    const asked = fromEnd(request.headers.range, size);
    const range = byteRange(asked, size);
    if (rangeNotSatisfiable(asked, size)) {
      response.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
      return;
    }
    if (range) {
      response.writeHead(206, {
        ...headers,
        'content-length': range.end - range.start + 1,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
      });
      options.onBytesServed?.(pathname, range.end - range.start + 1);
      if (link) link.send(response, readFileSync(file).subarray(range.start, range.end + 1));
      else createReadStream(file, range).pipe(response);
      return;
    }
    if (link) {
      const compress =
        compressible.has(extname(file)) &&
        /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      let body: Buffer = readFileSync(file);
      if (compress) {
        body = gzipped.get(file) ?? gzipSync(body);
        gzipped.set(file, body);
      }
      response.writeHead(200, {
        ...headers,
        'content-length': body.length,
        ...(compress ? { 'content-encoding': 'gzip' } : {}),
      });
      options.onBytesServed?.(pathname, body.length);
      link.send(response, body);
      return;
    }
    options.onBytesServed?.(pathname, request.method === 'HEAD' ? 0 : size);
    response.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(file).pipe(response);
  };
  const server = await startLoopbackServer(handler);
  return {
    ...server,
    stop: async () => {
      link?.close();
      await server.stop();
    },
  };
}

// Serves a built app folder on loopback, with the MIME types the app needs (wasm, workers, data).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { byteRange, rangeNotSatisfiable } from '../../scripts/byte-range';
import { startLoopbackServer, type LoopbackServer } from './loopback';

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

/** Serves `root` (default: the built app) on a free loopback port. */
export async function startStaticServer(root = distDir): Promise<LoopbackServer> {
  const base = resolve(root);
  return startLoopbackServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(base, pathname));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const size = statSync(file).size;
    const headers = {
      'content-type': mimeTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'accept-ranges': 'bytes',
    };
    // Tile archives are read a tile at a time with range requests, as static hosts serve them.
    const range = byteRange(request.headers.range, size);
    if (rangeNotSatisfiable(request.headers.range, size)) {
      response.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
      return;
    }
    if (range) {
      response.writeHead(206, {
        ...headers,
        'content-length': range.end - range.start + 1,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
      });
      createReadStream(file, range).pipe(response);
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(file).pipe(response);
  });
}

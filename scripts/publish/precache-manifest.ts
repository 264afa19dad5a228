// Writes the offline cache's file list into dist/sw.js: every file of the folder with its SHA-256, a
// stamp of the headers the host sends (dist/_headers), and a version made of them all. Run after the
// build and after any change to the folder (`npm run precache -- dist`; add-dataset and headers run it),
// so returning visitors get the changed files, and the changed policy, on their next visit.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { PrecacheEntry, PrecacheManifest } from '../../src/offline/precache-manifest.ts';

/** The service worker's file name, next to index.html. */
export const serviceWorkerFile = 'sw.js';

/** What the first line of sw.js starts with; the rest of the file is the worker's code. */
const manifestLinePrefix = 'self.mapwrightPrecache = ';

/** Files a host reads but a page never fetches, and the worker itself. */
const notCached = new Set([serviceWorkerFile, '_headers', '_redirects', '.DS_Store']);

/**
 * Folders a page never fetches: the embed module's TypeScript declarations (`npm run build` writes them
 * after the build lists its files, and `npm run precache` would otherwise add their 449 files).
 */
const foldersNotCached = new Set(['types']);

/** DuckDB's build for browsers without WebAssembly exceptions: kept only if a visitor's page loads it. */
const lazyFile = /(^|\/)duckdb-(?:browser-|worker-)?mvp[.-]/;

function filesUnder(folder: string, root = folder): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      // statSync follows links: a host folder may link its data in from elsewhere.
      if (statSync(path).isDirectory())
        return folder === root && foldersNotCached.has(name) ? [] : filesUnder(path, root);
      return notCached.has(name) ? [] : [relative(root, path).split(sep).join('/')];
    });
}

/** The manifest of every file in `folder` (the built app). */
export function precacheManifest(folder: string): PrecacheManifest {
  const files: PrecacheEntry[] = filesUnder(folder).map((url) => {
    const bytes = readFileSync(join(folder, url));
    const entry: PrecacheEntry = {
      url,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.byteLength,
    };
    return lazyFile.test(url) ? { ...entry, lazy: true } : entry;
  });
  const headersPath = join(folder, '_headers');
  const headers = existsSync(headersPath)
    ? createHash('sha256').update(readFileSync(headersPath)).digest('hex').slice(0, 16)
    : '';
  const version = createHash('sha256')
    .update(JSON.stringify({ headers, files }))
    .digest('hex')
    .slice(0, 16);
  return { version, headers, files };
}

/** Rewrites the manifest line of `folder`/sw.js from the folder's files; returns the manifest. */
export function writePrecacheManifest(folder: string): PrecacheManifest {
  const path = join(folder, serviceWorkerFile);
  let code: string;
  try {
    code = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${path} is missing: build the app (npm run build) before listing its files.`);
  }
  const workerCode = code.startsWith(manifestLinePrefix)
    ? code.slice(code.indexOf('\n') + 1)
    : code;
  const manifest = precacheManifest(folder);
  // JSON is a JavaScript expression; U+2028 and U+2029 are escaped so no file name can end the line.
  const json = JSON.stringify(manifest)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  writeFileSync(path, `${manifestLinePrefix}${json};\n${workerCode}`);
  return manifest;
}

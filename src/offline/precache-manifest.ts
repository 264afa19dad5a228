// The list of files a build ships, written into sw.js after every build (scripts/publish/precache-manifest.ts):
// the service worker keeps exactly these, in a cache named after the build's version.

/** One file of the build. */
export interface PrecacheEntry {
  /** Path relative to the app's folder, e.g. `assets/main-1a2b.js` or `data/airports.csv`. */
  url: string;
  /** Hex SHA-256 of the file's bytes: what was cached is what was built. */
  sha256: string;
  size: number;
  /**
   * Kept on first use instead of at install: the DuckDB build for browsers without WebAssembly
   * exceptions, which almost no visitor downloads (precaching it would double the download).
   */
  lazy?: boolean;
}

/** Every file of one build, and the version they make together. */
export interface PrecacheManifest {
  /** A hash of every entry: a new build, or any file changed in dist/, gives a new version. */
  version: string;
  /**
   * A hash of the build's `_headers` (empty without one): the headers a host sends come from it, so a
   * new policy makes a new version and every file is fetched again with its new headers.
   */
  headers: string;
  files: PrecacheEntry[];
}

/** Every cache the app's service worker writes starts with this. */
export const offlineCachePrefix = 'mapwright-offline-';

/** The cache holding one version's files. */
export function offlineCacheName(version: string): string {
  return `${offlineCachePrefix}${version}`;
}

/** The header a cached response carries its SHA-256 in, so a later version can reuse unchanged files. */
export const sha256Header = 'x-mapwright-sha256';

/** The header a cached response carries the headers stamp of the build it was fetched for. */
export const headersStampHeader = 'x-mapwright-headers';

/** The message a page sends the service worker to learn which version it serves. */
export const versionRequest = 'mapwright-offline-version';

/** The message that lets a waiting service worker take over (sent only when no other tab would be cut). */
export const takeOverRequest = 'mapwright-offline-take-over';

/** The channel the service worker tells the app's pages on when a version could not be kept offline. */
export const offlineStatusChannel = 'mapwright-offline-status';

/** What the service worker posts on `offlineStatusChannel` when its install failed. */
export interface InstallFailedMessage {
  type: 'install-failed';
  version: string;
  /** Why, in one sentence a person can act on. */
  reason: string;
}

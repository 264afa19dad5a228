// The app's service worker (built to sw.js): after the first visit it answers every file of the build
// from one cache named after the build's version, so a revisit opens without network. A new version is
// cached whole in the background and waits; a page that opens with no other tab of the app lets it take
// over and reloads (src/offline/take-over.ts), so a page never mixes two builds.
import { installOrder } from './install-order';
import { keptHeaders, reusable } from './kept-headers';
import {
  offlineCacheName,
  offlineCachePrefix,
  offlineStatusChannel,
  takeOverRequest,
  versionRequest,
  type InstallFailedMessage,
  type PrecacheEntry,
  type PrecacheManifest,
} from './precache-manifest';
import { rangeResponse } from './range-response';

/** What a service worker's events carry that the DOM library does not declare. */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}

interface ServiceWorkerScope {
  /** Written into the first line of sw.js by the build (scripts/publish/precache-manifest.ts). */
  readonly mapwrightPrecache: PrecacheManifest;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const manifest = worker.mapwrightPrecache;
const cacheName = offlineCacheName(manifest.version);
const appFolder = new URL('./', self.location.href);
/** Every file of the build by its full URL (without a query). */
const entries = new Map(manifest.files.map((entry) => [new URL(entry.url, appFolder).href, entry]));
const indexUrl = new URL('index.html', appFolder).href;

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The file as cached: its bytes, with the headers the host sent it with (its policy among them) and its
 * hash, so a later version can reuse it as it is.
 */
function cachedCopy(bytes: ArrayBuffer, entry: PrecacheEntry, served: Headers): Response {
  const headers = keptHeaders(served, {
    sha256: entry.sha256,
    headersStamp: manifest.headers,
    size: bytes.byteLength,
  });
  return new Response(bytes, { headers });
}

/**
 * Fetches one file and checks it is the built one. The browser's HTTP cache is asked first (the page
 * has just downloaded most files); when the copy it gives is not the built file, the host is asked
 * again past it: `vite preview` compresses its answers to range requests, and the browser cannot put
 * the ranges it kept of such a file back together. A host caught mid-deployment fails the install.
 */
async function fetchChecked(url: string, entry: PrecacheEntry): Promise<Response> {
  for (const mode of ['no-cache', 'reload'] as const) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${entry.url} answered HTTP ${response.status}.`);
    const bytes = await response.arrayBuffer();
    if ((await sha256(bytes)) === entry.sha256) return cachedCopy(bytes, entry, response.headers);
  }
  throw new Error(
    `${entry.url} on the server is not the file sw.js lists: the folder changed after sw.js was written (npm run precache -- dist lists it again).`,
  );
}

/** How many files an install downloads at once: the host answers several, and the hashing overlaps. */
const parallelDownloads = 3;

/** Caches one file of this version; an unchanged one is copied from an older version's cache. */
async function keepFile(cache: Cache, entry: PrecacheEntry): Promise<void> {
  const url = new URL(entry.url, appFolder).href;
  // A file kept by an earlier (or interrupted) install with the same bytes and the same headers is
  // not downloaded again.
  const kept = await caches.match(url);
  if (reusable(kept, entry.sha256, manifest.headers)) await cache.put(url, kept);
  else await cache.put(url, await fetchChecked(url, entry));
}

/** Caches every file of this version: the shell first, the bundled data next, the rest after. */
async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  const queue = installOrder(manifest.files);
  const downloader = async (): Promise<void> => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await keepFile(cache, entry);
  };
  await Promise.all(Array.from({ length: parallelDownloads }, downloader));
}

/** Tells the app's open pages why this version could not be kept offline, then fails the install. */
async function precacheOrSayWhy(): Promise<void> {
  try {
    await precache();
  } catch (error) {
    const message: InstallFailedMessage = {
      type: 'install-failed',
      version: manifest.version,
      reason: error instanceof Error ? error.message : String(error),
    };
    const channel = new BroadcastChannel(offlineStatusChannel);
    channel.postMessage(message);
    channel.close();
    // What was cached is kept: a later install reuses the files that were right.
    throw error;
  }
}

/** Drops every other version's cache: no page uses them once this version is active. */
async function dropOlderVersions(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(offlineCachePrefix) && name !== cacheName)
      .map((name) => caches.delete(name)),
  );
}

/**
 * This version's copy of a file, if it keeps one. Read by name, which never creates the cache: the page
 * removes it when the config turned offline off, while this worker still answers that page's files,
 * and a cache opened to be read between the page's check and its deletion would come back, empty,
 * then filled, keeping what the publisher asked to drop.
 */
function keptCopy(url: string): Promise<Response | undefined> {
  return caches.match(url, { cacheName });
}

/** This version's cache to add a file to, unless the page removed it (opening would create it). */
async function ownCache(): Promise<Cache | undefined> {
  return (await caches.has(cacheName)) ? caches.open(cacheName) : undefined;
}

/** A navigation: this version's page, which loads only this version's files. */
async function navigate(event: FetchEvent): Promise<Response> {
  return (await keptCopy(indexUrl)) ?? fetch(event.request);
}

/** A file of the build: from the cache (sliced for a range request), else from the network. */
async function fromCache(event: FetchEvent, url: string, entry: PrecacheEntry): Promise<Response> {
  const cached = await keptCopy(url);
  if (cached) return rangeResponse(cached, event.request.headers.get('range'));
  const response = await fetch(event.request);
  // A lazy file (or one an interrupted install missed) is kept once it arrives whole, in the cache
  // as it stands then.
  if (response.status === 200 && !event.request.headers.has('range')) {
    const copy = response.clone();
    event.waitUntil(
      copy
        .arrayBuffer()
        .then(async (bytes) => {
          if ((await sha256(bytes)) !== entry.sha256) return;
          await (await ownCache())?.put(url, cachedCopy(bytes, entry, copy.headers));
        })
        .catch(() => undefined),
    );
  }
  return response;
}

worker.addEventListener('install', (event) => event.waitUntil(precacheOrSayWhy()));
worker.addEventListener('activate', (event) => event.waitUntil(dropOlderVersions()));

worker.addEventListener('message', (event) => {
  if (event.data === takeOverRequest) event.waitUntil(worker.skipWaiting());
  if (event.data === versionRequest) event.ports[0]?.postMessage(manifest.version);
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other hosts (the model, MCP servers, a style basemap) are never answered from here.
  if (url.origin !== appFolder.origin || !url.href.startsWith(appFolder.href)) return;
  if (request.mode === 'navigate') {
    const path = url.pathname;
    if (path === appFolder.pathname || path === new URL(indexUrl).pathname) {
      event.respondWith(navigate(event));
    }
    return;
  }
  const key = `${url.origin}${url.pathname}`;
  const entry = entries.get(key);
  if (entry) event.respondWith(fromCache(event, key, entry));
});

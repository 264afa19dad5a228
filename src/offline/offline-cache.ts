// The page's side of the offline cache: registers the service worker (sw.js, next to index.html) when
// the config allows it, removes it and its caches when the config turns it off, and says "Updated"
// when this visit opened a newer version than the last one.
import { offlineCachePrefix, versionRequest } from './precache-manifest';
import { showUpdatedNote } from './updated-note';

/** Where the page remembers the version it last opened. */
export const seenVersionKey = 'mapwright.offline.version';

/** The version the service worker `worker` serves, or undefined when it does not answer in time. */
function versionOf(worker: ServiceWorker): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timeout = setTimeout(() => resolve(undefined), 5000);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timeout);
      resolve(typeof event.data === 'string' ? event.data : undefined);
    };
    worker.postMessage(versionRequest, [channel.port2]);
  });
}

/** Compares the version that served this page with the last one seen, and says so when it is newer. */
async function noteVersion(container: ServiceWorkerContainer): Promise<void> {
  // On the first visit no worker serves the page yet: the version is the one it installs.
  const worker = container.controller ?? (await container.ready).active;
  if (!worker) return;
  const version = await versionOf(worker);
  if (!version) return;
  const seen = localStorage.getItem(seenVersionKey);
  localStorage.setItem(seenVersionKey, version);
  if (container.controller && seen !== null && seen !== version) showUpdatedNote();
}

/** Unregisters this page's service worker and deletes its caches (the config turned offline off). */
async function removeOfflineCache(container: ServiceWorkerContainer): Promise<void> {
  const registration = await container.getRegistration('./');
  await registration?.unregister();
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(offlineCachePrefix)).map((name) => caches.delete(name)),
  );
  localStorage.removeItem(seenVersionKey);
}

/**
 * Keeps the app for offline visits (`enabled`) or stops keeping it. Only the built app page calls
 * this: `npm run dev` has no sw.js, and an embedding page's origin is not the app's to cache.
 */
export async function startOfflineCache(enabled: boolean): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const container = navigator.serviceWorker;
  if (!enabled) return removeOfflineCache(container);
  await container.register('./sw.js', { scope: './' });
  await noteVersion(container);
}

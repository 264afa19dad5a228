// The page's side of the offline cache: registers the service worker (sw.js, next to index.html) when
// the config allows it, removes it and its caches when the config turns it off, says "Updated" when
// this visit opened a newer version than the last one, and keeps the status Settings shows ("Available
// offline", or why not).
import {
  offlineCacheName,
  offlineCachePrefix,
  offlineStatusChannel,
  versionRequest,
  type InstallFailedMessage,
} from './precache-manifest';
import { showUpdatedNote } from './updated-note';
import type { OfflineStatus } from './offline-status';

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

function isInstallFailed(data: unknown): data is InstallFailedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'install-failed' &&
    typeof (data as { reason?: unknown }).reason === 'string'
  );
}

/**
 * Follows the offline copy into `status`: available once an active version's cache is there; while none
 * is, why an install failed (the service worker says on `offlineStatusChannel`). A newer version that
 * fails leaves an available one available: the visit still opens offline.
 */
function followStatus(
  container: ServiceWorkerContainer,
  registration: ServiceWorkerRegistration,
  status: OfflineStatus,
): void {
  const failed = (reason: string): void => {
    if (status.value.state !== 'available') status.set({ state: 'failed', reason });
  };
  const channel = new BroadcastChannel(offlineStatusChannel);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isInstallFailed(event.data)) failed(event.data.reason);
  };
  const installing = registration.installing;
  installing?.addEventListener('statechange', () => {
    // Told why first, when the worker could say; otherwise the download itself stopped.
    if (installing.state === 'redundant' && status.value.state === 'keeping')
      failed('the browser stopped caching the app before it was whole (the host went away?).');
  });
  void container.ready.then(async (ready) => {
    const version = ready.active && (await versionOf(ready.active));
    if (version && (await caches.has(offlineCacheName(version))))
      status.set({ state: 'available' });
  });
}

/**
 * Keeps the app for offline visits (`enabled`) or stops keeping it, telling `status` where the copy
 * stands. Only the built app page calls this: `npm run dev` has no sw.js, and an embedding page's origin
 * is not the app's to cache.
 */
export async function startOfflineCache(enabled: boolean, status?: OfflineStatus): Promise<void> {
  const available = 'serviceWorker' in navigator && window.isSecureContext;
  if (!available || !enabled) status?.set({ state: 'off' });
  if (!available) return;
  const container = navigator.serviceWorker;
  if (!enabled) return removeOfflineCache(container);
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register('./sw.js', { scope: './' });
  } catch (error) {
    status?.set({
      state: 'failed',
      reason: `the host did not serve sw.js (${error instanceof Error ? error.message : String(error)}).`,
    });
    throw error;
  }
  if (status) followStatus(container, registration, status);
  await noteVersion(container);
}

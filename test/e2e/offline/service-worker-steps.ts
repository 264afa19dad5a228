// The offline copy's steps as the browser takes them, awaited from the page: the first version
// active (the copy whole), and a newer deployment found and cached.
import type { Page } from 'playwright-core';

/** Settles once the page's service worker is active: it activates once the build is cached whole. */
export async function waitForOfflineCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) throw new Error('no active service worker');
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
}

/**
 * Where a newly cached version stops: `waiting` while a page runs the version before it (this one,
 * when it opened under it, or another tab), `active` when no page does, so nothing holds it back.
 */
export type NewVersionState = 'waiting' | 'active';

/**
 * Asks the browser to look for a new sw.js now (it also does at navigations) and waits until that
 * version is cached and stands where `until` says.
 *
 * A version with no page to wait for activates on its own right after its install, and Chromium 150
 * swaps the versions then: the old one stops before the new one activates. A navigation that starts
 * in that moment is never answered: looping offline-revisit's last test, 6 of 140 reloads started at
 * "installed" hung for good (CI failed so once), none of 220 started at "activated". Waiting for
 * `active` keeps the next navigation out of that moment.
 */
export async function cacheNewVersion(page: Page, until: NewVersionState): Promise<void> {
  const settled = until === 'active' ? 'activated' : 'installed';
  await page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready;
    await registration.update();
    const installing = registration.installing ?? registration.waiting;
    if (!installing) throw new Error('no new version was found');
    await new Promise<void>((resolve, reject) => {
      const settle = (): void => {
        const state = installing.state;
        if (state === wanted) resolve();
        else if (state === 'redundant') reject(new Error('the new version failed to install'));
        else if (wanted === 'installed' && state !== 'installing')
          reject(new Error('the new version activated instead of waiting'));
      };
      installing.addEventListener('statechange', settle);
      settle();
    });
  }, settled);
}

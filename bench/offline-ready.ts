// The time from a first visit to the offline copy being whole, for `npm run bench -- boot`: a fresh
// page opens the app and waits for it, BOOT_OFFLINE_RUNS times (3 by default), one visit at a time.
import { openPage } from '../test/e2e/harness';
import type { Browser } from 'playwright-core';

/**
 * What is measured, in the page: a promise of ms from navigation to the offline copy being whole, and
 * the figure's name. Until the app's own "Available offline" signal lands, the service worker
 * becoming active (it activates once every file is kept) stands for it; to measure the signal instead,
 * replace this one line with its promise and `first_visit_to_available_offline_ms`.
 */
const offlineReady = {
  figure: 'first_visit_to_sw_active_ms',
  inPage: `navigator.serviceWorker.ready.then((registration) => { const worker = registration.active; return worker.state === 'activated' ? performance.now() : new Promise((resolve) => worker.addEventListener('statechange', () => { if (worker.state === 'activated') resolve(performance.now()); })); })`,
};

/** The figure's name and each visit's time (ms from navigation) to the offline copy. */
export async function measureOfflineReady(
  browser: Browser,
  appUrl: string,
  llmUrl: string,
): Promise<{ figure: string; runs: number[] }> {
  const count = Number(process.env.BOOT_OFFLINE_RUNS ?? 3);
  const runs: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const { page, context } = await openPage(browser);
    try {
      const settings = { provider: 'local', endpoint: llmUrl, model: 'fake-model' };
      await page.addInitScript(
        (value) => localStorage.setItem('mapwright.llm', value),
        JSON.stringify({ ...settings, keyPersistence: 'session' }),
      );
      await page.goto(appUrl);
      runs.push(Math.round((await page.evaluate(offlineReady.inPage)) as number));
    } finally {
      await context.close();
    }
  }
  return { figure: offlineReady.figure, runs };
}

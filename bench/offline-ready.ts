// The time from a first visit to the offline copy being whole, for `npm run bench -- boot`: a fresh
// page opens the app and waits for it, BOOT_OFFLINE_RUNS times (3 by default), one visit at a time.
import { asMostPeople, openPage } from '../test/e2e/harness';
import type { Browser } from 'playwright-core';

/**
 * What is measured, in the page: a promise of ms from navigation to the app's own "Available offline"
 * (what Settings says once the offline copy is whole), and the figure's name.
 */
const offlineReady = {
  figure: 'first_visit_to_available_offline_ms',
  inPage: `new Promise((resolve, reject) => { const check = () => { const state = window.mapwrightPage?.offline(); if (state === 'available') resolve(performance.now()); else if (state === 'failed' || state === 'off') reject(new Error('The offline copy was not kept: ' + state)); else setTimeout(check, 50); }; check(); })`,
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
    const { page, context } = await openPage(browser, asMostPeople);
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

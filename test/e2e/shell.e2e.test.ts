import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startAppHarness, type AppHarness } from './harness';

describe('app shell', () => {
  let harness: AppHarness;
  beforeAll(async () => {
    harness = await startAppHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('loads with its map and chat areas, no page errors and no request outside loopback', async () => {
    const { page, pageErrors, outsideRequests, context } = await openPage(harness.browser);
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await page.locator('#map').count()).toBe(1);
    expect(await page.locator('#chat').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    await context.close();
  });

  it('records and blocks a request to an address outside loopback', async () => {
    const { page, outsideRequests, context } = await openPage(harness.browser);
    await page.goto(harness.appUrl);
    await page.evaluate(() => fetch('https://192.0.2.1/probe').catch(() => undefined));
    expect(outsideRequests).toEqual(['https://192.0.2.1/probe']);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startAppHarness, type AppHarness } from '../harness';

describe('app shell', () => {
  let harness: AppHarness;
  beforeAll(async () => {
    harness = await startAppHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  // One boot: the page first as it loads (nothing outside loopback), then a request sent outside.
  it('loads with its map and chat areas, no page errors and no request outside loopback; records and blocks a request to an address outside loopback', async () => {
    const { page, pageErrors, outsideRequests, context } = await openPage(harness.browser);
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await page.locator('#map').count()).toBe(1);
    expect(await page.locator('#chat').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    // A host the page's connect-src allows (a hosted provider), so the request gets as far as the
    // harness; the policy itself stops any host the config does not name (security-policy.e2e.test.ts).
    await page.evaluate(() => fetch('https://api.openai.com/probe').catch(() => undefined));
    expect(outsideRequests).toEqual(['https://api.openai.com/probe']);
    await context.close();
  });

  it('shows a loading state in the chat area at once, which the chat then replaces', async () => {
    const { page, pageErrors, context } = await openPage(harness.browser);
    // Hold the chat's code back so the loading state can be seen however fast this machine is.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/mount-chat-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(harness.appUrl);
    const placeholder = page.locator('#chat .chat-placeholder');
    await placeholder.waitFor();
    expect(await placeholder.textContent()).toContain('Starting the chat');
    expect(await page.locator('#chat').getAttribute('aria-busy')).toBe('true');
    release();
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    expect(await placeholder.count()).toBe(0);
    expect(await page.locator('#chat').getAttribute('aria-busy')).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

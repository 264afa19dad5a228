// A phone on its side (844×390): the chat header takes one line, the layer panel starts folded so the
// map shows, and an approval card takes most of the chat with its query and its actions in view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { expectClean } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import { openShowcase, showApprovalCard, showcaseScript } from '../showcase';

const landscape = { width: 844, height: 390 };

describe('a phone on its side', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  beforeAll(async () => {
    harness = await startAppHarness();
    fake = await startFakeLlm({ script: showcaseScript(() => fake.requests) });
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('keeps the header to one line, folds the layers and shows the card with its query and actions', async () => {
    const opened = await openShowcase(harness.browser, harness.appUrl, fake.url, {
      viewport: landscape,
      colorScheme: 'light',
    });
    const { page } = opened;
    const header = await page.locator('.mw-header').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(52);
    expect(await page.locator('.layer-panel-toggle').getAttribute('aria-label')).toBe(
      'Show layers',
    );

    await showApprovalCard(page);
    const inView = async (selector: string) => {
      const found = await page.locator(selector).first().boundingBox();
      return found !== null && found.y >= 0 && found.y + found.height <= landscape.height;
    };
    expect(await inView('.mw-approval-card .mw-approve')).toBe(true);
    expect(await inView('.mw-approval-card .mw-deny')).toBe(true);
    // The card's own body shows the call being approved, not only its title.
    const card = await page.locator('.mw-approval-slot').boundingBox();
    expect(card!.height).toBeGreaterThan(landscape.height * 0.5);
    expect(await page.locator('.mw-approval-card .mw-hint').isVisible()).toBe(false);
    await expectClean(opened);
    await opened.context.close();
  });
});

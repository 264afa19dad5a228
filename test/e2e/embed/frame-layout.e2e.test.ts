// The app in a small frame (a page's sidebar at 400×600, a phone-sized frame at 360×640): an approval
// card shows its SQL and its actions at once, with nothing to scroll inside the card to reach them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { expectClean } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import { openShowcase, showApprovalCard, showcaseScript } from '../showcase';
import type { Page } from 'playwright-core';

/** Whether `selector`'s box lies wholly inside `within`'s box (both as laid out now). */
async function whollyInside(page: Page, selector: string, within: string): Promise<boolean> {
  const [inner, outer] = await Promise.all([
    page.locator(selector).first().boundingBox(),
    page.locator(within).first().boundingBox(),
  ]);
  if (!inner || !outer) return false;
  return (
    inner.y >= outer.y - 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5 &&
    inner.x >= outer.x - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5
  );
}

describe('the app in a small frame', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  beforeAll(async () => {
    harness = await startAppHarness();
    fake = await startFakeLlm({ script: showcaseScript(() => fake.requests) });
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it.each([
    { width: 400, height: 600 },
    { width: 360, height: 640 },
  ])('at $width×$height the card shows its SQL and actions without scrolling', async (viewport) => {
    const opened = await openShowcase(harness.browser, harness.appUrl, fake.url, {
      viewport,
      colorScheme: 'light',
    });
    const { page } = opened;
    await showApprovalCard(page);
    // The SQL as a whole is inside the card's visible body, which has not been scrolled.
    expect(
      await page.locator('.mw-approval-card .mw-approval-body').evaluate((body) => body.scrollTop),
    ).toBe(0);
    expect(
      await whollyInside(
        page,
        '.mw-approval-card .cm-editor',
        '.mw-approval-card .mw-approval-body',
      ),
    ).toBe(true);
    // The actions are inside the card and the frame.
    for (const action of ['.mw-approve', '.mw-deny'])
      expect(await whollyInside(page, `.mw-approval-card ${action}`, '.mw-approval-card')).toBe(
        true,
      );
    const approve = await page.locator('.mw-approval-card .mw-approve').boundingBox();
    expect(approve!.y + approve!.height).toBeLessThanOrEqual(viewport.height);
    await expectClean(opened);
    await opened.context.close();
  });
});

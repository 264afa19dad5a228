// axe-core (from npm, injected into the built app) finds no critical or serious accessibility problem in
// the main views, in the light and the dark theme: the first run without a model, the approval card, a
// conversation with an answer, a table, a chart and a map result, then a failed call and a code block,
// the settings, and the phone layout. Each view is checked in both themes on one page (the device's
// scheme switched under it), so the file boots the app three times: first run, desktop and phone.
// The page structure is checked as a keyboard user meets it: one h1, and Tab starts in the chat.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { expectClean } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import {
  desktopViewport,
  openFirstRun,
  openShowcase,
  phoneViewport,
  showAnswer,
  showApprovalCard,
  showCodeAndError,
  showChatTab,
  showMapTab,
  showSettings,
  showcaseScript,
  settle,
} from '../showcase';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** One problem axe found, as a person fixing it would want to read it. */
interface Violation {
  rule: string;
  impact: string;
  where: string[];
  help: string;
}

/** Runs axe over the whole page and returns its critical and serious violations. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (an added <script>
  // would be refused, as it should be); once a document, since parsing it costs the page a moment.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: {
              id: string;
              impact?: string;
              help: string;
              nodes: { target: unknown[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      where: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations.filter(
    (violation) => violation.impact === 'critical' || violation.impact === 'serious',
  );
}

/** The two colour schemes a visitor's device may ask for. */
const colorSchemes = ['light', 'dark'] as const;

/**
 * Runs axe in the light and then the dark theme on the page as it stands: the app follows the device's
 * scheme live (CSS media queries, the basemap through a matchMedia listener), so one booted page serves
 * both. Returns each scheme's serious problems, named by scheme, and leaves the page light.
 */
async function seriousViolationsInEachScheme(page: Page): Promise<Record<string, Violation[]>> {
  const found: Record<string, Violation[]> = {};
  const backgrounds: string[] = [];
  for (const colorScheme of colorSchemes) {
    await showScheme(page, colorScheme);
    found[colorScheme] = await seriousViolations(page);
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
  }
  // The switch took: the dark check read a dark page.
  expect(new Set(backgrounds).size).toBe(colorSchemes.length);
  await showScheme(page, 'light');
  return found;
}

/** Switches the device's scheme and waits until the page has finished changing to it. */
async function showScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await settle(page);
  // A control's colour eases over 0.15 s (approval-controls.css): axe reads colours once, so the
  // transitions end first.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
}

/** No serious problem in either scheme. */
const none = { light: [], dark: [] };

describe('accessibility in the light and the dark theme', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  beforeAll(async () => {
    harness = await startAppHarness();
    fake = await startFakeLlm({ script: showcaseScript(() => fake.requests) });
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  // One page: the first run's checks in both schemes, then the page structure a keyboard user meets,
  // then the header's theme switch, which a reload must remember (the reload is that test's own).
  it('has no serious problem on the first run without a model, one h1, the Tab order starting in the chat, and a theme switch that outlives a reload', async () => {
    const opened = await openFirstRun(harness.browser, harness.appUrl, {
      viewport: desktopViewport,
      colorScheme: 'light',
    });
    const { page } = opened;
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);

    expect(await page.locator('h1').allTextContents()).toEqual(['Mapwright']);
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('chat')!.contains(document.activeElement)),
    ).toBe(true);

    const chatBackground = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.mw-chat')!).backgroundColor);
    const light = await chatBackground();
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await toggle.click();
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await chatBackground()).not.toBe(light);
    // Remembered, and on <html> again before the chat has loaded.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(opened.pageErrors).toEqual([]);
    await opened.context.close();
  });

  it('has no serious problem on the approval card, the answer, code, an error and the settings', async () => {
    const opened = await openShowcase(harness.browser, harness.appUrl, fake.url, {
      viewport: desktopViewport,
      colorScheme: 'light',
    });
    const { page } = opened;
    await showApprovalCard(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    await showAnswer(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    // A follow-up with a failed call (opened, its error in view) and SQL in a code block.
    await showCodeAndError(page);
    await page.locator('.mw-call[data-state="error"] summary').first().click();
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    // No control covers the code: its Copy button sits beside the block, not over a line's end.
    const covered = await page
      .locator('.mw-answer pre')
      .last()
      .evaluate((pre) => {
        const copy = pre.parentElement?.querySelector('.mw-copy')?.getBoundingClientRect();
        if (!copy) return 'no Copy button';
        const code = pre.getBoundingClientRect();
        const across = Math.min(copy.right, code.right) - Math.max(copy.left, code.left);
        const down = Math.min(copy.bottom, code.bottom) - Math.max(copy.top, code.top);
        return across > 0 && down > 0 ? 'Copy covers the code' : '';
      });
    expect(covered).toBe('');
    await showSettings(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    await expectClean(opened);
    await opened.context.close();
  });

  // Booted at the phone's size: the layer panel starts folded on a phone (decided at load).
  it('has no serious problem in the phone layout: chat, card, answer and map', async () => {
    const opened = await openShowcase(harness.browser, harness.appUrl, fake.url, {
      viewport: phoneViewport,
      colorScheme: 'light',
    });
    const { page } = opened;
    await showApprovalCard(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    await showAnswer(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    await showMapTab(page);
    expect(await seriousViolationsInEachScheme(page)).toEqual(none);
    await showChatTab(page);
    await expectClean(opened);
    await opened.context.close();
  });
});

// A conversation survives its page being stopped at any moment. In a browser profile kept on disk, the
// built app is asked a question and, after a random (seeded) delay, the page or the whole browser is
// closed: mid-stream, just after the answer finished, while it is stored. After reopening, every turn
// that was shown finished before the stop is there, with its whole answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom as seeded } from '../../seeded-random';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { openChatTab } from '../chat-page';
import {
  configWithoutDatasets,
  serveWithConfig,
  type ConfigVariant,
} from '../contract/config-variant';
import {
  chromiumArgs,
  chromiumPath,
  loopbackOnly,
  recordOutsideRequests,
  waitInPage,
} from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const ITERATIONS = 16;
const SEED = 20_250_611;

const question = (index: number): string => `Crash question ${index}?`;
const lastWord = (index: number): string => `finished${index}`;
const answer = (index: number): string =>
  `${Array.from({ length: 30 }, (_unused, word) => `w${index}x${word}`).join(' ')} ${lastWord(index)}`;

const script: FakeLlmScript = {
  tokenDelayMs: 20,
  rules: Array.from({ length: ITERATIONS }, (_unused, index) => ({
    user: question(index),
    reply: { text: answer(index) },
  })),
  fallback: { text: 'No scripted answer.' },
};

/** The browser on the kept profile, and what went wrong in its pages. */
interface BrowserTab {
  context: BrowserContext;
  pageErrors: string[];
  outsideRequests: string[];
}

/** The questions whose answers the page shows finished: the whole answer, and the chat ready. */
function shownFinished(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.querySelector('.mw-chat')?.getAttribute('data-status') !== 'idle') {
      // The turn still runs (or is being stored): every turn before the last one has finished.
      const turns = [...document.querySelectorAll('.mw-turn')].slice(0, -1);
      return turns.map((turn) => turn.textContent ?? '');
    }
    return [...document.querySelectorAll('.mw-turn')].map((turn) => turn.textContent ?? '');
  });
}

describe('a conversation when its page is stopped mid-turn', () => {
  let served: ConfigVariant;
  let fake: FakeLlm;
  let profile: string;
  beforeAll(async () => {
    // No dataset: the test is about the conversation, and each of its 17 boots would otherwise start
    // DuckDB and load a table when the question box takes focus.
    [served, fake] = await Promise.all([
      serveWithConfig(JSON.stringify(await configWithoutDatasets())),
      startFakeLlm({ script }),
    ]);
    profile = mkdtempSync(join(tmpdir(), 'mapwright-crash-'));
  });
  afterAll(async () => {
    await Promise.allSettled([served?.stop(), fake?.stop()]);
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** The profile on disk, opened again as a browser would be after being closed. */
  async function launch(): Promise<BrowserTab> {
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      // The desktop layout (wider than 700 px) on fewer pixels: SwiftShader draws the map of each of
      // the 17 boots in software, and a 1280×800 window cost about a fifth more CPU.
      viewport: { width: 800, height: 600 },
      // No offline copy: installing it beside each of the 17 boots was a quarter of their work.
      serviceWorkers: 'block',
      ...loopbackOnly,
    });
    const outsideRequests = recordOutsideRequests(context);
    for (const page of context.pages()) await page.close();
    return { context, pageErrors: [], outsideRequests };
  }

  it(`keeps every turn shown finished over ${ITERATIONS} stops at random points`, async () => {
    const random = seeded(SEED);
    const finished = new Set<number>();
    let browser = await launch();
    const stops: string[] = [];
    for (let index = 0; index < ITERATIONS; index += 1) {
      const page = await openChatTab(browser, served.appUrl, { endpoint: fake.url });
      // Everything shown finished before the earlier stops is back, whole.
      const turns = await page.locator('.mw-turn').allTextContents();
      for (const done of finished) {
        const turn = turns.find((text) => text.includes(question(done)));
        expect(turn, `turn ${done} after stop ${stops.join(', ')}`).toContain(lastWord(done));
      }
      await page.fill('.mw-input', question(index));
      await page.press('.mw-input', 'Enter');
      // The answer streams for about 0.7 s: stops land before, during and just after it, and one in
      // three the moment the page shows it finished.
      if (random() < 0.35) {
        await waitInPage(
          page,
          (word) =>
            document.querySelector('.mw-chat')?.getAttribute('data-status') === 'idle' &&
            (document.querySelector('.mw-log > .mw-turn:last-child')?.textContent ?? '').includes(
              word,
            ),
          lastWord(index),
          { polling: 'raf', timeout: 30_000 },
        );
      } else {
        await page.waitForTimeout(Math.floor(random() * 1_600));
      }
      const shown = await shownFinished(page);
      const closeContext = random() < 0.4;
      if (closeContext) await browser.context.close();
      else await page.close();
      for (const text of shown) {
        const asked = Number(/Crash question (\d+)\?/.exec(text)?.[1]);
        if (text.includes(lastWord(asked))) finished.add(asked);
      }
      stops.push(`${index}:${closeContext ? 'browser' : 'page'}`);
      if (closeContext) browser = await launch();
    }
    const page = await openChatTab(browser, served.appUrl, { endpoint: fake.url });
    const turns = await page.locator('.mw-turn').allTextContents();
    for (const done of finished)
      expect(turns.find((text) => text.includes(question(done)))).toContain(lastWord(done));
    // The stops landed on both sides of an answer's end, so the check above had work to do.
    expect(finished.size).toBeGreaterThan(2);
    expect(finished.size).toBeLessThan(ITERATIONS);
    expect(browser.pageErrors).toEqual([]);
    expect(browser.outsideRequests).toEqual([]);
    await browser.context.close();
  }, 600_000);
});

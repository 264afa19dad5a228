// The app mounted and destroyed again and again in one page, as a page that embeds it and swaps it out
// would: every listener it put on the window or the document, every worker, timer, animation frame,
// idle callback and observer it started, and its memory go with it, so the last mount leaves the page
// where the first one did. The app's destroy is each surface's destroy (map, layer panel, uploads,
// chat, approval, conversations, settings, results): a surface that kept anything shows here, and
// each surface mounted alone is checked in its own folder's tests (test/*/mount-*.lifecycle.test.ts).
// The first mount answers a question whose approved query shows as a table, is charted and is drawn
// on the map, so the results surface (the table's size observer and frame, the chart's watch on its
// hover tip, the result's layer) is destroyed too: live at the first mount's end, reopened with the
// conversation at every later one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, modelSettings, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { defaultViewport, launchBrowser, waitInPage } from '../harness';
import { installHeldCounters, type HeldCounts } from '../held-resources';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

// Listeners, workers, timers and observers are counted exactly and by the mount that made them, so a
// single mount that keeps one shows at the next mount. The heap is the one inexact measure: a kept
// mount (a map, a chat, a conversation) adds megabytes, and six mounts, compared at the third and the
// sixth, put three of them between the two readings, past the 1.5 MB the browser's own buffers vary by.
const MOUNTS = 6;

const QUESTION = 'Which are the northernmost airports?';
const NORTH_SQL =
  'SELECT iata, name, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 10';

let fake: FakeLlm;

/** The result_id the model was told of the query's result. */
function resultId(): string {
  for (const request of fake.requests)
    for (const message of request.body.messages ?? []) {
      const content = typeof message.content === 'string' ? message.content : '';
      const match = /result_id=(\S+)/.exec(content);
      if (match?.[1]) return match[1];
    }
  return 'missing';
}

/** The query (approved by the person), then its result drawn on the map and charted, then a word. */
const script: FakeLlmScript = {
  rules: [
    {
      user: 'northernmost',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: NORTH_SQL } }] },
    },
    {
      user: 'northernmost',
      toolResult: 'map and chart tools can use',
      get reply(): FakeLlmReply {
        return {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: {
                result_id: resultId(),
                geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                title: 'Northernmost airports',
              },
            },
            {
              name: 'render_chart',
              arguments: { result_id: resultId(), kind: 'bar', x: 'iata', y: 'latitude' },
            },
          ],
        };
      },
    },
    { user: 'northernmost', toolResult: '', reply: { text: 'Drawn and charted.' } },
  ],
  fallback: { text: 'No script for that.' },
};

/** What the page holds, as the init script counts it, and its heap. */
interface Held extends HeldCounts {
  heapBytes: number;
}

/** The answered question's views on screen: the table's rows, the chart, the result's map layer. */
async function resultShown(page: Page): Promise<void> {
  await page.locator('.mw-result-table tbody tr').first().waitFor({ timeout: 60_000 });
  await page.locator('.mw-chart svg.mw-plot').waitFor({ timeout: 60_000 });
  await waitInPage(
    page,
    () =>
      window.mapwright?.map?.map
        .getStyle()
        .layers.some((layer) => layer.id.startsWith('result-')) === true,
    undefined,
    { timeout: 60_000 },
  );
}

async function settled(page: Page, answered: boolean): Promise<void> {
  await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
  // The conversation on screen comes back with the mount, and its result views with it.
  if (answered) await resultShown(page);
  // Each mount starts everything it would: the data engine with its tables (what the idle preload
  // starts), and the chat's late chunks (the idle callbacks have run).
  await page.evaluate(async () => {
    const started = await window.mapwright?.data;
    await started?.engine.listTables();
  });
  await waitInPage(
    page,
    () => !window.__held?.().pending.some((entry) => entry.startsWith('idle|')),
    undefined,
    { timeout: 60_000 },
  );
}

async function held(page: Page): Promise<Held> {
  const session = await page.context().newCDPSession(page);
  for (let pass = 0; pass < 3; pass += 1) await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  const counts = (await page.evaluate('window.__held()')) as HeldCounts;
  return { ...counts, heapBytes: usedSize };
}

/** The timers and observers made by mounts `from` to `to` (both included) still waiting or watching. */
function pendingOf(counts: HeldCounts, from: number, to: number): string[] {
  return counts.pending.filter((entry) => {
    const generation = Number(entry.split('|')[1]);
    return generation >= from && generation <= to;
  });
}

/** Intervals and observers: what a mount keeps for as long as it lives (timeouts and frames come and go). */
function standing(entries: string[]): string[] {
  return entries
    .filter((entry) => !/^(timeout|frame|idle)\|/.test(entry))
    .map((entry) => entry.split('|')[0] ?? entry);
}

/** Destroys the app on the page and mounts it again, what it makes from now on counted as `mount`'s. */
async function remount(page: Page, mount: number, answered: boolean): Promise<void> {
  await page.evaluate(async (generation) => {
    window.mapwrightPage?.destroy();
    window.__heldGeneration?.(generation);
    await window.mapwrightPage?.remount();
  }, mount);
  await settled(page, answered);
}

describe('mounting and destroying the app', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  beforeAll(async () => {
    [browser, variant, fake] = await Promise.all([
      launchBrowser(),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
      startFakeLlm({ script }),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), variant?.stop(), fake?.stop()]);
  });

  it(`${MOUNTS} times in one page leaves its listeners, workers, timers, observers and heap where the first mount did`, async () => {
    // A plain context: request interception (which the other tests use to block outside hosts) keeps
    // every request's record in the page's heap, which would hide what the app itself keeps.
    const context = await browser.newContext({ viewport: defaultViewport });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error.message)));
    // HELD_TRACE=1 names where each timer and observer a failure lists was made.
    await page.addInitScript(installHeldCounters, process.env.HELD_TRACE === '1');
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, modelSettings(fake.url));
    await page.goto(variant.appUrl);
    await settled(page, false);
    // The first remount loads the chunks a mount needs once per page; the level is read after it.
    // What the page made before (generation 0) is the page's own as well as the first mount's.
    await remount(page, 1, false);
    const blank = standing(pendingOf(await held(page), 1, 1));
    // The first mount answers the question: its table, chart and layer are made live, and the
    // mounts after it reopen them with the conversation.
    await ask(page, QUESTION);
    await page.locator('.mw-approval-card .mw-approve').first().click();
    await page
      .locator('.mw-answer', { hasText: 'Drawn and charted.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await resultShown(page);
    const first = await held(page);
    expect(first.workers.length).toBeGreaterThan(0);
    // The table's size observer and the chart's watch are counted with what the mount keeps.
    const shown = standing(pendingOf(first, 1, 1));
    for (const kind of ['ResizeObserver', 'MutationObserver'])
      expect(shown.filter((entry) => entry === kind).length).toBeGreaterThan(
        blank.filter((entry) => entry === kind).length,
      );
    let middle = first;
    for (let mount = 2; mount <= MOUNTS; mount += 1) {
      await remount(page, mount, true);
      const now = await held(page);
      // Nothing of a destroyed mount still waits to run or watches.
      expect(pendingOf(now, 1, mount - 1)).toEqual([]);
      // The mount on the page keeps what the first one kept, no more.
      expect(standing(pendingOf(now, mount, mount))).toEqual(standing(pendingOf(first, 1, 1)));
      if (mount === MOUNTS / 2) middle = now;
    }
    const last = await held(page);
    expect(last.listeners).toEqual(first.listeners);
    expect(last.workers).toEqual(first.workers);
    // The heap settles: the browser's own buffers (resource timings, marks) fill over the first mounts,
    // then later mounts add next to nothing. One mount kept alive would add megabytes each time.
    expect(last.heapBytes).toBeLessThan(first.heapBytes * 1.25);
    expect(last.heapBytes - middle.heapBytes).toBeLessThan(1.5 * 1024 * 1024);
    // Destroyed for good: nothing of the app is left on the window, no worker runs, no timer of any
    // mount waits and no observer watches.
    await page.evaluate(() => window.mapwrightPage?.destroy());
    await expect
      .poll(
        async () => {
          const gone = await held(page);
          return { workers: gone.workers, pending: pendingOf(gone, 1, MOUNTS) };
        },
        { timeout: 10_000 },
      )
      .toEqual({ workers: [], pending: [] });
    expect(await page.evaluate(() => window.mapwright === undefined)).toBe(true);
    expect(pageErrors).toEqual([]);
    console.info(
      `mount-destroy: heap ${(first.heapBytes / 1e6).toFixed(1)} MB at mount 1, ` +
        `${(middle.heapBytes / 1e6).toFixed(1)} at ${MOUNTS / 2}, ${(last.heapBytes / 1e6).toFixed(1)} at ${MOUNTS}; ` +
        `standing per mount: ${standing(pendingOf(first, 1, 1)).join(', ') || 'none'}; ` +
        `listeners ${first.listeners.length}`,
    );
    await context.close();
  }, 600_000);
});

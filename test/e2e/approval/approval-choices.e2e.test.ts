// The person's approval choices in Settings → MCP servers, in the built app: "run without asking (this
// session)" is gone once the browser is closed and opened again (a new context from the first one's
// storage state: localStorage kept, sessionStorage not), "remember on this device" stays; the banner above
// the question box lists each, and its "Ask again" withdraws one for good. A publisher's server the
// person switched off stays off after a reload. Screenshots of the table and the banner, desktop and phone,
// go to test-results/approval-choices/.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnLoopbackServer, type SpawnedServer } from '../../mcp/spawn-loopback-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ServedConfigVariant } from '../contract/config-variant';
import { launchBrowser, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const shots = resolve('test-results/approval-choices');

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    { user: 'which tables', reply: { toolCalls: [{ name: 'list_tables', arguments: {} }] } },
    { user: 'which tables', toolResult: '', reply: { text: 'Listed the tables.' } },
  ],
  fallback: { text: 'No script for that.' },
};

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

function policy(page: Page, tool: string) {
  return page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('combobox', { name: `Approval policy of ${tool}` })
    .first();
}

function publisherRow(page: Page) {
  return page.locator('.mw-server', {
    has: page.locator('strong', { hasText: 'Reference server' }),
  });
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open the settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
}

async function closeSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close the settings' }).click();
}

/** The lines of the banner that lists the tools set to run without asking. */
function bannerLines(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Tools set to run without asking' })
    .locator('li > span')
    .allTextContents();
}

/** Each line of the banner keeps its Ask again beside its text, not wrapped under it. */
async function expectBannerRows(page: Page): Promise<void> {
  const lines = await page
    .getByRole('list', { name: 'Tools set to run without asking' })
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => {
        const text = item.querySelector('span')!.getBoundingClientRect();
        const ask = item.querySelector('button')!.getBoundingClientRect();
        return ask.left >= text.right - 1 && ask.top < text.bottom;
      }),
    );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every(Boolean)).toBe(true);
}

/**
 * Each select of the tools table stays on its tool's row and inside the table, and shows its choice
 * whole: a session's and a remembered "run without asking" must not look the same.
 */
async function expectTableIntact(page: Page): Promise<void> {
  const table = page.locator('.mw-server-tools').first();
  const layout = await table.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return [...node.querySelectorAll('tbody tr')].map((row) => {
      const rowBox = row.getBoundingClientRect();
      const element = row.querySelector('select')!;
      const select = element.getBoundingClientRect();
      // The chosen option's text is whole in the closed select (its arrow takes about 20 px).
      const style = getComputedStyle(element);
      const pen = document.createElement('canvas').getContext('2d')!;
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = pen.measureText(element.selectedOptions[0]?.text ?? '').width;
      const room =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return {
        inRow: select.top >= rowBox.top - 1 && select.bottom <= rowBox.bottom + 1,
        inTable: select.left >= box.left - 1 && select.right <= box.right + 1,
        oneLine: select.height < 48,
        textWhole: text <= room,
      };
    });
  });
  expect(layout.length).toBeGreaterThan(0);
  for (const row of layout)
    expect(row).toEqual({ inRow: true, inTable: true, oneLine: true, textWhole: true });
}

describe('approval choices in Settings and the banner', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let everything: SpawnedServer;
  let variant: ServedConfigVariant;

  beforeAll(async () => {
    [browser, fake, everything] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      spawnLoopbackServer(everythingScript, ['streamableHttp'], /listening on port/i),
      mkdir(shots, { recursive: true }),
    ]);
    const config = await lightConfig();
    config.mcpServers = [
      { id: 'everything', name: 'Reference server', url: `${everything.url}/mcp` },
    ];
    variant = await serveWithConfig(JSON.stringify(config));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), everything?.stop(), variant?.stop()]);
  });

  it('forgets a session choice with the browser, keeps a remembered one until Ask again, and keeps a publisher server off', async () => {
    const first = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      viewport: DESKTOP,
    });
    await waitForData(first.page);
    await waitInPage(first.page, async () => {
      const [state] = await window.mapwright!.hub!.ready('everything');
      return state?.status === 'connected';
    });

    await openSettings(first.page);
    await policy(first.page, 'list_tables').selectOption('auto');
    await policy(first.page, 'describe_table').selectOption('auto-remembered');
    await expectTableIntact(first.page);
    await policy(first.page, 'describe_table').scrollIntoViewIfNeeded();
    await first.page.screenshot({ path: `${shots}/settings-desktop.png` });
    // The publisher's server switched off.
    await publisherRow(first.page)
      .getByRole('button', { name: 'Disable server Reference server' })
      .click();
    await publisherRow(first.page).locator('.mw-badge[data-status="disconnected"]').waitFor();
    await closeSettings(first.page);

    expect(await bannerLines(first.page)).toEqual([
      'list_tables runs without asking for this session',
      'describe_table runs without asking — remembered on this device',
    ]);
    await expectBannerRows(first.page);
    await first.page.screenshot({ path: `${shots}/banner-desktop.png` });
    await expectClean(first);

    // The browser is closed and opened again: localStorage is kept, sessionStorage is not.
    const kept = await first.context.storageState();
    await first.context.close();
    const second = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      viewport: DESKTOP,
      storageState: kept,
      seedOnce: true,
    });
    const { page } = second;
    await waitForData(page);
    await page.getByRole('list', { name: 'Tools set to run without asking' }).waitFor();
    expect(await bannerLines(page)).toEqual([
      'describe_table runs without asking — remembered on this device',
    ]);
    await openSettings(page);
    expect(await policy(page, 'list_tables').inputValue()).toBe('ask');
    expect(await policy(page, 'describe_table').inputValue()).toBe('auto-remembered');
    // The publisher's server is still off, and says so.
    await publisherRow(page).locator('.mw-badge[data-status="disconnected"]').waitFor();
    expect(
      await publisherRow(page)
        .getByRole('button', { name: 'Enable server Reference server' })
        .count(),
    ).toBe(1);
    await closeSettings(page);

    // The session's choice is gone: list_tables asks again.
    await ask(page, 'which tables are there?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor({ timeout: 30_000 });
    await card
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page
      .locator('.mw-answer', { hasText: 'Listed the tables.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);

    // The phone shows the same banner and table.
    const phone = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      viewport: PHONE,
      storageState: await second.context.storageState(),
      seedOnce: true,
    });
    await waitForData(phone.page);
    await phone.page.getByRole('list', { name: 'Tools set to run without asking' }).waitFor();
    await expectBannerRows(phone.page);
    await phone.page.screenshot({ path: `${shots}/banner-phone.png` });
    await openSettings(phone.page);
    await policy(phone.page, 'describe_table').scrollIntoViewIfNeeded();
    await expectTableIntact(phone.page);
    await phone.page.screenshot({ path: `${shots}/settings-phone.png` });
    await expectClean(phone);
    await phone.context.close();

    // Ask again withdraws the remembered choice, for good.
    await page.getByRole('button', { name: 'Ask before each describe_table call again' }).click();
    await page
      .getByRole('list', { name: 'Tools set to run without asking' })
      .waitFor({ state: 'hidden' });
    await page.reload();
    await waitForData(page);
    expect(await bannerLines(page)).toEqual([]);
    await openSettings(page);
    expect(await policy(page, 'describe_table').inputValue()).toBe('ask');
    await publisherRow(page).locator('.mw-badge[data-status="disconnected"]').waitFor();
    await closeSettings(page);
    await expectClean(second);
    await second.context.close();
  });
});

// Contract: a malformed config and a dead MCP server get a clear message and lose nothing. The built app
// is served with a publisher's broken app-config.json (a wrong field type; a file that is not JSON) and
// with MCP servers on loopback ports where nothing listens (one from the config, one from the settings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  deadLoopbackPort,
  expectClean,
  openChat,
  waitForData,
  type ContractPage,
} from '../chat-page';
import { launchBrowser } from '../harness';
import { lightConfig, serveWithConfig, shippedConfig, type ConfigVariant } from './config-variant';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

const COUNT_SQL = 'SELECT count(*) AS airport_count FROM airports';

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'count the airports',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: COUNT_SQL } }] },
    },
    { user: 'count the airports', toolResult: '3376', reply: { text: 'There are **3376**.' } },
  ],
  fallback: { text: 'The chat **answers**.' },
};

/** The map has drawn its first frame with the bundled layers. */
async function waitForMap(page: Page): Promise<void> {
  await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  expect(await page.locator('#map canvas').count()).toBeGreaterThan(0);
}

/** The lines of the notice banner. */
async function bannerLines(page: Page): Promise<string[]> {
  await page.locator('.notice-banner:not([hidden])').waitFor();
  return page.locator('.notice-banner li').allTextContents();
}

async function expectChatAnswers(page: Page): Promise<void> {
  await ask(page, 'Hello?');
  await page.locator('.mw-answer strong', { hasText: 'answers' }).waitFor();
}

describe('contract: a malformed config, a dead MCP server', () => {
  let browser: Browser;
  let fake: FakeLlm;
  const variants: ConfigVariant[] = [];
  beforeAll(async () => {
    [browser, fake] = await Promise.all([launchBrowser(), startFakeLlm({ script })]);
  });
  afterAll(async () => {
    await Promise.allSettled([
      browser?.close(),
      fake?.stop(),
      ...variants.map((variant) => variant.stop()),
    ]);
  });

  async function openVariant(
    configText: string,
    localStorage?: Record<string, string>,
  ): Promise<ContractPage> {
    const variant = await serveWithConfig(configText);
    variants.push(variant);
    return openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      ...(localStorage ? { localStorage } : {}),
    });
  }

  it('a field of the wrong type: the banner names the field and the reason; the rest starts as configured', async () => {
    const config = await shippedConfig();
    config.title = 'Contract map';
    config.initialView = { center: [-98, 38], zoom: 'far' };
    const opened = await openVariant(JSON.stringify(config, null, 2));
    const { page } = opened;
    const lines = await bannerLines(page);
    expect(lines[0]).toMatch(/app-config\.json has problems/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^initialView\.zoom: must be a number, not "far"/),
    );
    // Only the wrong field fell back: the title the publisher set is used.
    expect(await page.title()).toBe('Contract map');
    await waitForMap(page);
    await expectChatAnswers(page);
    await expectClean(opened);
    await opened.context.close();
  });

  it('a file that is not JSON: the banner names the file, the reason and where; the map and the chat start', async () => {
    const text = JSON.stringify(await shippedConfig(), null, 2).replace(
      '"examplePrompts": [',
      '"examplePrompts": [,',
    );
    const opened = await openVariant(text);
    const { page } = opened;
    const lines = await bannerLines(page);
    expect(lines.join('\n')).toMatch(/app-config\.json/);
    expect(lines).toContainEqual(expect.stringMatching(/not valid JSON/));
    // Where: a line and column, or the browser's quote of the broken spot.
    expect(lines.join('\n')).toMatch(/line \d+|position \d+|\[,/);
    await waitForMap(page);
    await expectChatAnswers(page);
    await expectClean(opened);
    await opened.context.close();
  });

  /** Serves a config with a dead MCP server and saves another dead one in the settings; opens the settings. */
  async function openWithDeadServers(): Promise<{
    opened: ContractPage;
    ports: { configPort: number; settingsPort: number };
  }> {
    const [configPort, settingsPort] = await Promise.all([deadLoopbackPort(), deadLoopbackPort()]);
    const config = await lightConfig();
    config.mcpServers = [
      { id: 'warehouse', name: 'Team warehouse', url: `http://127.0.0.1:${configPort}/mcp` },
    ];
    const opened = await openVariant(JSON.stringify(config), {
      'mapwright.mcpServers': JSON.stringify([
        { id: 'lake', url: `http://127.0.0.1:${settingsPort}/mcp` },
      ]),
    });
    await waitForData(opened.page);
    await opened.page.getByRole('button', { name: 'Open the settings' }).click();
    return { opened, ports: { configPort, settingsPort } };
  }

  /** The settings row of a server, once it shows the error status; returns its last error. */
  async function lastErrorOf(page: Page, name: string): Promise<string> {
    const row = page.locator('.mw-server', { has: page.locator('strong', { hasText: name }) });
    await row.locator('.mw-badge[data-status="error"]').waitFor({ timeout: 30_000 });
    return (await row.locator('.mw-note', { hasText: 'Last error:' }).textContent()) ?? '';
  }

  it('dead MCP servers (config and settings): the app starts, each shows an error status and its last error, the embedded server still answers', async () => {
    const { opened } = await openWithDeadServers();
    const { page } = opened;
    await waitForMap(page);
    for (const name of ['Team warehouse', 'lake'])
      expect(await lastErrorOf(page, name)).toMatch(/^Last error: .+/);
    const embedded = page.locator('.mw-server', {
      has: page.locator('strong', { hasText: 'Bundled data' }),
    });
    expect(await embedded.locator('.mw-badge').getAttribute('data-status')).toBe('connected');
    await page.getByRole('button', { name: 'Close the settings' }).click();

    await ask(page, 'Please count the airports');
    const card = page.locator('.mw-approval-card');
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: '3376' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table').count()).toBe(1);
    await expectClean(opened);
    await opened.context.close();
  });

  it('dead MCP server: the last error says the server cannot be reached and names its URL', async () => {
    const { opened, ports } = await openWithDeadServers();
    const { page } = opened;
    try {
      const lastError = await lastErrorOf(page, 'Team warehouse');
      expect(lastError).toMatch(/reach|connect|refused|down/i);
      expect(lastError).toContain(`127.0.0.1:${ports.configPort}/mcp`);
    } finally {
      await opened.context.close();
    }
  });
});

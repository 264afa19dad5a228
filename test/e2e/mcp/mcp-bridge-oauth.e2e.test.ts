// An MCP server that asks for OAuth, reached from the built app in Chromium through `npm run mcp-bridge --
// URL --oauth`: until the person has opened the URL the bridge printed, Settings says the bridge waits
// for that sign-in (no hang); once they have (followed here with plain HTTP, as their browser would),
// the page connects by itself (no Reconnect), and the server's tool, approved, answers with the client
// the bridge signed in as.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: 'who am I to the warehouse',
      reply: { text: 'Asking the warehouse.', toolCalls: [{ name: 'whoami', arguments: {} }] },
    },
    {
      user: 'who am I to the warehouse',
      toolResult: 'signed in as',
      reply: { text: 'The bridge is **signed in** to the warehouse.' },
    },
  ],
  fallback: { text: 'No script for that.' },
};

describe('an OAuth server through the bridge, in the browser', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let warehouse: OAuthMcpServer;
  let bridge: McpBridge;
  const log: string[] = [];

  beforeAll(async () => {
    [harness, fake, warehouse] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
      startOAuthMcpServer(),
    ]);
    bridge = await startMcpBridge({
      target: { kind: 'http', url: warehouse.url, transport: 'streamable-http' },
      port: 0,
      oauth: {},
      onLog: (line) => log.push(line),
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop(), bridge?.stop(), warehouse?.stop()]);
  });

  it('says to sign in at the printed URL, then calls the tool once the person has', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'warehouse', url: bridge.url }]),
      },
    });
    const { page } = opened;
    await waitForData(page);
    await page.getByRole('button', { name: 'Open the settings' }).click();
    const row = page.locator('.mw-server', {
      has: page.locator('strong', { hasText: 'warehouse' }),
    });
    await row
      .locator('.mw-note', { hasText: 'waiting for you to sign in' })
      .waitFor({ timeout: 30_000 });
    expect(await row.locator('.mw-note', { hasText: 'Last error:' }).textContent()).toMatch(
      /The bridge is waiting for you to sign in to http:\/\/127\.0\.0\.1:\d+\/mcp: open the URL it printed/,
    );

    // The person opens the printed URL; the authorization server sends their browser to the bridge.
    const printed = log.join('\n').match(/asks you to sign in[^\n]*\n {2}(http\S+)/)?.[1];
    expect(printed, log.join('\n')).toBeDefined();
    const approved = await fetch(printed!, { redirect: 'manual' });
    const back = await fetch(approved.headers.get('location')!);
    expect(await back.text()).toMatch(/^Signed in to /);

    // The bridge tells the page's session that the person signed in: the page connects by itself,
    // with no Reconnect (nothing here clicks it, and the page stays visible, so no wake-up either).
    await row.locator('.mw-badge[data-status="connected"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await ask(page, 'who am I to the warehouse');
    const card = page.locator('.mw-approval-card');
    await card.waitFor({ timeout: 30_000 });
    await card
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page.locator('.mw-answer strong', { hasText: 'signed in' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    const toolResult = JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toMatch(/signed in as [0-9a-f-]{36}/);
    expect(warehouse.mcpRequests.some((request) => request.authorized)).toBe(true);
    await expectClean(opened);
    await opened.context.close();
  }, 120_000);
});

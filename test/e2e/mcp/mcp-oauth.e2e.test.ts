// Signing in to an MCP server that asks for OAuth, in Chromium, against a local authorization server built
// from the MCP SDK: discovery from the 401, dynamic client registration, PKCE, the person's click on
// "Sign in", the popup's return to oauth-callback.html, the token exchange, and the tool used with the
// token. The tokens stay in this tab's storage unless the person chooses otherwise. Three calls approved
// together after the access token expired share one refresh and all succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

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
      reply: { text: 'You are **signed in** to the warehouse.' },
    },
    {
      user: 'ask the warehouse three times',
      reply: {
        toolCalls: [
          { name: 'whoami', arguments: {} },
          { name: 'whoami', arguments: {} },
          { name: 'whoami', arguments: {} },
        ],
      },
    },
    {
      user: 'ask the warehouse three times',
      toolResult: '',
      reply: { text: 'The warehouse **answered thrice**.' },
    },
  ],
  fallback: { text: 'No script for that.' },
};

/** The warehouse server's state as the hub reports it. */
function warehouseState(page: Page) {
  return page.evaluate(async () => {
    const hub = (
      window as unknown as {
        mapwright: {
          hub: {
            ready(id: string): Promise<
              Array<{
                status: string;
                lastError?: string;
                signIn?: { url?: string; signedIn: boolean; remembered: boolean };
              }>
            >;
          };
        };
      }
    ).mapwright.hub;
    return (await hub.ready('warehouse'))[0];
  });
}

describe('signing in to an MCP server with OAuth', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let warehouse: OAuthMcpServer;

  beforeAll(async () => {
    [harness, fake, warehouse] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
      startOAuthMcpServer(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop(), warehouse?.stop()]);
  });

  /** The app with the warehouse at `url` in the person's servers, its data side started. */
  async function openWithWarehouse(url: string) {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'warehouse', name: 'Warehouse', url }]),
      },
    });
    await waitForData(opened.page);
    return opened;
  }

  it('asks the person to sign in, finishes in a popup, then uses the tool with the token', async () => {
    const opened = await openWithWarehouse(warehouse.url);
    const { page, context } = opened;

    // The 401 led to discovery and registration; nothing opened on its own.
    const before = await warehouseState(page);
    expect(before?.status).toBe('error');
    expect(before?.signIn?.url).toMatch(/\/authorize\?/);
    expect(before?.signIn?.url).toContain('code_challenge_method=S256');
    expect(warehouse.registrations).toEqual([[`${harness.appUrl}oauth-callback.html`]]);
    expect(context.pages()).toHaveLength(1);

    await page
      .getByRole('button', { name: /settings/i })
      .first()
      .click();
    const signIn = page.getByRole('link', { name: 'Sign in to Warehouse' });
    await signIn.waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
    await popup.waitForEvent('close', { timeout: 30_000 });

    await waitInPage(
      page,
      async () => {
        const hub = (
          window as unknown as {
            mapwright: { hub: { servers(): Array<{ id: string; status: string }> } };
          }
        ).mapwright.hub;
        return hub.servers().find((server) => server.id === 'warehouse')?.status === 'connected';
      },
      undefined,
      { timeout: 30_000 },
    );
    const after = await warehouseState(page);
    expect(after?.signIn).toEqual({ signedIn: true, remembered: false });
    await page.getByText('Signed in.').waitFor();

    // Kept for this tab only: in sessionStorage, bound to the server's URL; nothing on the device.
    const kept = await page.evaluate(() => ({
      session: sessionStorage.getItem('mapwright.mcpSignIn.warehouse'),
      device: localStorage.getItem('mapwright.mcpSignIn.warehouse'),
    }));
    expect(kept.device).toBeNull();
    expect(JSON.parse(kept.session ?? '{}')).toMatchObject({
      serverUrl: warehouse.url,
      tokens: { token_type: 'bearer' },
    });

    await page.getByRole('button', { name: /close/i }).first().click();
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
    expect(toolResult).toMatch(/signed in as [\w-]+/);
    expect(warehouse.mcpRequests.some((request) => request.authorized)).toBe(true);

    // A reload in the same tab keeps the sign-in; no popup this time.
    await page.reload();
    await waitForData(page);
    expect((await warehouseState(page))?.status).toBe('connected');
    // The token never shows on the page.
    const token = JSON.parse(kept.session ?? '{}').tokens.access_token as string;
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(token);
    await expectClean(opened);
    await context.close();
  }, 120_000);

  it('three calls that find the access token expired share one refresh, and all three succeed', async () => {
    // Access tokens that the test expires at will, refresh tokens rotated on each use.
    const expiring = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    try {
      const opened = await openWithWarehouse(expiring.url);
      const { page, context } = opened;
      await page
        .getByRole('button', { name: /settings/i })
        .first()
        .click();
      const signIn = page.getByRole('link', { name: 'Sign in to Warehouse' });
      await signIn.waitFor();
      const [popup] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
      await popup.waitForEvent('close', { timeout: 30_000 });
      await page.getByText('Signed in.').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /close/i }).first().click();

      await ask(page, 'ask the warehouse three times');
      const card = page.locator('.mw-approval-card');
      await card.waitFor({ timeout: 30_000 });
      expiring.expireAccessTokens();
      const refreshed = expiring.counts.refreshes;
      await card.getByRole('button', { name: 'Approve all' }).click();
      await page
        .locator('.mw-answer strong', { hasText: 'answered thrice' })
        .waitFor({ timeout: 30_000 });
      await waitForIdle(page);
      const results = (fake.requests.at(-1)?.body.messages ?? [])
        .filter((message) => message.role === 'tool')
        .map((message) => JSON.stringify(message.content));
      expect(results).toHaveLength(3);
      for (const result of results) expect(result).toMatch(/signed in as [\w-]+/);
      expect(expiring.counts.refreshes - refreshed).toBe(1);
      expect(expiring.counts.authorizations).toBe(1);
      await expectClean(opened);
      await context.close();
    } finally {
      await expiring.stop();
    }
  }, 120_000);

  it('takes no callback it did not ask for: none without a state, none with a forged one', async () => {
    const opened = await openWithWarehouse(warehouse.url);
    const { page, context } = opened;
    const before = await warehouseState(page);
    expect(before?.signIn?.url).toMatch(/state=/);
    // Whatever reaches the app's tabs on the sign-in channel.
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { __heard: unknown[] }).__heard = heard;
      new BroadcastChannel('mapwright-oauth').addEventListener('message', (event) =>
        heard.push(event.data),
      );
    });
    const heard = () =>
      page.evaluate(() => (window as unknown as { __heard: unknown[] }).__heard.length);

    // Any page can open the callback page; without a state it passes nothing on.
    const stray = await context.newPage();
    await stray.goto(`${harness.appUrl}oauth-callback.html?code=forged-code`);
    await stray.getByText('does not finish a sign-in started from Mapwright').waitFor();
    expect(await heard()).toBe(0);

    // With a state this tab never sent, the message arrives and the tab ignores it.
    await stray.goto(`${harness.appUrl}oauth-callback.html?code=forged-code&state=forged-state`);
    await expect.poll(heard).toBe(1);
    const after = await warehouseState(page);
    expect(after?.status).toBe('error');
    expect(after?.lastError).toBe(before?.lastError);
    expect(after?.signIn?.signedIn).toBe(false);
    await context.close();
  }, 60_000);
});

// A third-party MCP server (@modelcontextprotocol/server-everything, from npm) killed in the middle of an
// approved call, in the built app: the call fails at once with "closed the connection" instead of waiting
// out its timeout, the model is told, and Settings shows the server reconnecting with the reason and a
// Reconnect button. A call approved while it is down waits ("Waiting for everything to come back" in the
// chat's status line); restarted, the server is connected again with no clicks, and the call runs.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnLoopbackServer, type SpawnedServer } from '../../mcp/spawn-loopback-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, openChat, waitForData, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: 'run the long job',
      reply: {
        text: 'Starting the long job on the reference server.',
        toolCalls: [
          { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
        ],
      },
    },
    {
      user: 'run the long job',
      toolResult: 'closed the connection',
      reply: { text: 'The server **went away** during the job.' },
    },
    {
      user: 'add two and forty',
      reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 40 } }] },
    },
    { user: 'add two and forty', toolResult: '42', reply: { text: 'It is **42** again.' } },
  ],
  fallback: { text: 'No script for that.' },
};

describe('a third-party MCP server killed during a call, in the browser', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let everything: SpawnedServer;

  beforeAll(async () => {
    [harness, fake, everything] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
      spawnLoopbackServer(everythingScript, ['streamableHttp'], /listening on port/i),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop(), everything?.stop()]);
  });

  it('fails the call at once, tells the model, shows the server reconnecting, and reconnects to it once it is back', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([
          { id: 'everything', url: `${everything.url}/mcp` },
        ]),
      },
    });
    const { page } = opened;
    await waitForData(page);
    await waitInPage(page, async () => {
      const hub = window.mapwright!.hub!;
      const [state] = await hub.ready('everything');
      return state?.status === 'connected';
    });
    await ask(page, 'run the long job');
    const card = page.locator('.mw-approval-card');
    await card.waitFor({ timeout: 30_000 });
    await card
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page.locator('.mw-status-running').first().waitFor();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const killedAt = Date.now();
    everything.child.kill('SIGKILL');

    await page.locator('.mw-answer strong', { hasText: 'went away' }).waitFor({ timeout: 20_000 });
    // Far below the call's timeout (60 s by default): the closed connection was noticed.
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await waitForIdle(page);
    const toolResult = JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toContain('closed the connection');

    await page.getByRole('button', { name: 'Open the settings' }).click();
    const row = page.locator('.mw-server', {
      has: page.locator('strong', { hasText: 'everything' }),
    });
    await row.locator('.mw-badge[data-status="reconnecting"]').waitFor({ timeout: 10_000 });
    expect(await row.locator('.mw-note', { hasText: 'Last error:' }).textContent()).toMatch(
      /^Last error: (The server closed the connection|Cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp)/,
    );
    expect(await row.getByRole('button', { name: 'Reconnect server everything' }).count()).toBe(1);

    // A call approved while it is down waits for it, and the status line under the conversation says
    // so (not only the badge in Settings).
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await ask(page, 'add two and forty');
    const next = page.locator('.mw-approval-card');
    await next.waitFor({ timeout: 30_000 });
    await next
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page
      .locator('.mw-status-text', { hasText: 'Waiting for everything to come back' })
      .waitFor({ timeout: 30_000 });

    // The server comes back on its port: the page finds it by itself, and the waiting call runs.
    everything = await spawnLoopbackServer(
      everythingScript,
      ['streamableHttp'],
      /listening on port/i,
      Number(new URL(everything.url).port),
    );
    await page.locator('.mw-answer strong', { hasText: '42' }).waitFor({ timeout: 90_000 });
    expect(await page.locator('.mw-status-text').textContent()).not.toMatch(/come back/);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  }, 120_000);
});

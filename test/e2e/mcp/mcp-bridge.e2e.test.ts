// A third-party MCP server from npm (@modelcontextprotocol/server-everything) reached from the built app in
// Chromium through `npm run mcp-bridge`, over stdio and over Streamable HTTP: the person approves its tool
// and the answer uses the result. A server the browser gets no answer from shows the bridge command. When
// the server behind the bridge dies mid-call, the call fails within 2 s and Settings shows the server
// reconnecting; once it is back, the next call works with nobody pressing anything.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { spawnedServers, type SpawnedServer } from '../../mcp/spawn-loopback-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const filesystemScript = resolve(
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: 'add two and forty',
      reply: {
        text: 'I will ask the reference server to add them.',
        toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 40 } }],
      },
    },
    { user: 'add two and forty', toolResult: '42', reply: { text: 'The server says **42**.' } },
    {
      user: 'run the long job',
      reply: {
        toolCalls: [
          { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
        ],
      },
    },
    {
      user: 'run the long job',
      toolResult: 'not reachable right now',
      reply: { text: 'The server **went away** during the job.' },
    },
    {
      user: 'what files are there',
      reply: { toolCalls: [{ name: 'directory_tree', arguments: { path: '.' } }] },
    },
    {
      user: 'what files are there',
      toolResult: 'cities.csv',
      reply: { text: 'There are **two** entries.' },
    },
  ],
  fallback: { text: 'No script for that.' },
};

describe('a third-party MCP server through the bridge, in the browser', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let everything: SpawnedServer | undefined;
  // Every server started, each stopped at the end (a test that restarts one keeps only the last).
  const everythings = spawnedServers();
  const bridges: McpBridge[] = [];
  let silent: LoopbackServer | undefined;

  beforeAll(async () => {
    [harness, fake] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([
      harness?.close(),
      fake?.stop(),
      ...bridges.map((bridge) => bridge.stop()),
      everythings.stopAll(),
      silent?.stop(),
    ]);
  });

  /** Starts server-everything over Streamable HTTP (on `port`, for a restart), stopped after all. */
  function startEverything(port?: number): Promise<SpawnedServer> {
    return everythings.spawn(everythingScript, ['streamableHttp'], /listening on port/i, port);
  }

  /** Asks the scripted question with the bridge saved as the person's server, and approves the call. */
  async function askThrough(bridgeUrl: string): Promise<void> {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'everything', url: bridgeUrl }]),
      },
    });
    const { page } = opened;
    await waitForData(page);
    await waitInPage(page, async () => {
      const hub = (
        window as unknown as {
          mapwright: { hub: { ready(id: string): Promise<Array<{ status: string }>> } };
        }
      ).mapwright.hub;
      const [state] = await hub.ready('everything');
      return state?.status === 'connected';
    });
    await ask(page, 'add two and forty');
    const card = page.locator('.mw-approval-card');
    await card.waitFor({ timeout: 30_000 });
    // Named as the server names it: its title for the tool, its own title for the server.
    expect(await card.textContent()).toContain('Get Sum Tool · Everything Reference Server');
    expect(await card.textContent()).toContain('Approve this call?');
    await card
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page.locator('.mw-answer strong', { hasText: '42' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    await expectClean(opened);
    await opened.context.close();
  }

  it('over stdio: the tool is approved, runs on the server and its result reaches the answer', async () => {
    const bridge = await startMcpBridge({
      target: { kind: 'stdio', command: process.execPath, args: [everythingScript, 'stdio'] },
      port: 0,
    });
    bridges.push(bridge);
    await askThrough(bridge.url);
  }, 90_000);

  it('over Streamable HTTP: the same, through a remote server', async () => {
    everything = await startEverything();
    const bridge = await startMcpBridge({
      target: { kind: 'http', url: `${everything.url}/mcp` },
      port: 0,
    });
    bridges.push(bridge);
    await askThrough(bridge.url);
  }, 90_000);

  it("a stdio server's JSON rows (server-filesystem's directory_tree) show as a table", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mapwright-files-'));
    await writeFile(join(folder, 'cities.csv'), 'name,population\nLyon,522000\n');
    await mkdir(join(folder, 'notes'));
    const bridge = await startMcpBridge({
      target: {
        kind: 'stdio',
        command: process.execPath,
        args: [filesystemScript, folder],
        cwd: folder,
      },
      port: 0,
    });
    bridges.push(bridge);
    try {
      const opened = await openChat(harness.browser, harness.appUrl, {
        endpoint: fake.url,
        localStorage: {
          'mapwright.mcpServers': JSON.stringify([{ id: 'files', url: bridge.url }]),
        },
      });
      const { page } = opened;
      await waitForData(page);
      await waitInPage(page, async () => {
        const [state] = await window.mapwright!.hub!.ready('files');
        return state?.status === 'connected';
      });
      await ask(page, 'what files are there');
      const card = page.locator('.mw-approval-card');
      await card.waitFor({ timeout: 30_000 });
      await card
        .getByRole('button', { name: /^Approve/ })
        .first()
        .click();
      await page.locator('.mw-answer strong', { hasText: 'two' }).waitFor({ timeout: 30_000 });
      await waitForIdle(page);
      const table = page.locator('.mw-result-table').first();
      await table.waitFor();
      const headers = (await table.locator('th').allTextContents()).map((text) => text.trim());
      expect(headers).toEqual(expect.arrayContaining(['name', 'type']));
      expect(await table.textContent()).toContain('cities.csv');
      expect(await table.textContent()).toContain('directory');
      await expectClean(opened);
      await opened.context.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it('the server behind the bridge dies mid-call: the call fails within 2 s, Settings shows it, and after a restart the next call works', async () => {
    everything = await startEverything();
    const bridge = await startMcpBridge({
      target: { kind: 'http', url: `${everything.url}/mcp`, transport: 'streamable-http' },
      port: 0,
    });
    bridges.push(bridge);
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'everything', url: bridge.url }]),
      },
    });
    const { page } = opened;
    await waitForData(page);
    await waitInPage(page, async () => {
      const [state] = await window.mapwright!.hub!.ready('everything');
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
    await page.locator('.mw-status-error').first().waitFor({ timeout: 10_000 });
    // Not the page's own minute-long timeout: the bridge noticed, and said so.
    expect(Date.now() - killedAt).toBeLessThan(2000);
    await page.locator('.mw-answer strong', { hasText: 'went away' }).waitFor({ timeout: 20_000 });
    await waitForIdle(page);
    const toolResult = JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toMatch(
      /everything is not reachable right now: the bridged server http:\/\/127\.0\.0\.1:\d+\/mcp stopped answering/,
    );
    expect(toolResult).not.toMatch(/MCP error|-32\d\d\d/);

    await page.getByRole('button', { name: 'Open the settings' }).click();
    const row = page.locator('.mw-server', {
      has: page.locator('strong', { hasText: 'everything' }),
    });
    await row.locator('.mw-badge[data-status="reconnecting"]').waitFor({ timeout: 10_000 });
    expect(await row.locator('.mw-note', { hasText: 'Last error:' }).textContent()).toMatch(
      /[Tt]he bridged server http:\/\/127\.0\.0\.1:\d+\/mcp (stopped answering|does not answer) \(the connection was (refused|reset)\)/,
    );
    expect(await row.getByRole('button', { name: 'Reconnect server everything' }).count()).toBe(1);

    everything = await startEverything(Number(new URL(everything.url).port));
    await row.locator('.mw-badge[data-status="connected"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await ask(page, 'add two and forty');
    const next = page.locator('.mw-approval-card');
    await next.waitFor({ timeout: 30_000 });
    await next
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    await page.locator('.mw-answer strong', { hasText: '42' }).waitFor({ timeout: 30_000 });
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  }, 120_000);

  it('a server that sends no CORS headers: Settings shows the bridge command for it', async () => {
    // Answers every request, but never with Access-Control-Allow-Origin: the browser sees no answer.
    silent = await startLoopbackServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const url = `${silent.url}/mcp`;
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: { 'mapwright.mcpServers': JSON.stringify([{ id: 'desktop-only', url }]) },
    });
    const { page } = opened;
    await waitForData(page);
    await page
      .getByRole('button', { name: /settings/i })
      .first()
      .click();
    const advice = page.locator('.mw-bridge-advice');
    await advice.waitFor({ timeout: 30_000 });
    expect(await advice.locator('code').textContent()).toBe(`npm run mcp-bridge -- '${url}'`);
    expect(await advice.textContent()).toContain('http://127.0.0.1:8790/mcp');
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  }, 90_000);
});

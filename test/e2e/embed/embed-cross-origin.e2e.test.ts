// examples/embed/ as a publisher's reader sees it: a page of one site that loads the app from another
// (two loopback servers on different ports, the app's sending the CORS headers docs/configuration.md
// lists), with the app twice side by side: as <mapwright-app> and with mount(). Each has its own DOM,
// storage and workers, reads its files from the app's site, leaves the page's title, globals and
// styles alone; destroy() takes both out with nothing left behind.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../servers/static-server';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { embedCorsHeaders } from '../embed-page';
import { launchBrowser, openPage } from '../harness';
import { heldCounters } from '../held-resources';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

/** What the page holds, as the init script counts it. */
interface Held {
  listeners: string[];
  workers: string[];
}

describe('the app embedded in a page of another site', () => {
  let browser: Browser;
  let assets: ConfigVariant;
  let host: LoopbackServer;
  beforeAll(async () => {
    [browser, assets, host] = await Promise.all([
      launchBrowser(),
      lightConfig().then((config) =>
        serveWithConfig(JSON.stringify(config), { headers: embedCorsHeaders }),
      ),
      startStaticServer(resolve('examples/embed')),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), assets?.stop(), host?.stop()]);
  });

  it('runs as an element and with mount() side by side, then destroy() leaves nothing', async () => {
    const { page, context, pageErrors, outsideRequests } = await openPage(browser);
    const failed: string[] = [];
    const fromHost: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (request.url().startsWith(host.url)) fromHost.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(heldCounters);
    await page.goto(`${host.url}/?app=${encodeURIComponent(assets.appUrl)}`);
    const before = (await page.evaluate('window.__held()')) as Held;

    // Both apps draw their map and open their chat (Playwright's selectors reach into shadow roots).
    await expect
      .poll(() => page.locator('.app[data-map-idle="true"]').count(), { timeout: 90_000 })
      .toBe(2);
    await expect
      .poll(() => page.locator('.app-chat[data-chat-ready="true"]').count(), { timeout: 90_000 })
      .toBe(2);
    // SQL runs in each app's own DuckDB worker, whose files came from the app's site.
    const counts = await page.evaluate(async () => {
      type Ready = { ready: Promise<{ data: Promise<{ engine: EngineLike } | undefined> }> };
      type EngineLike = { query(sql: string): Promise<{ rows: Record<string, unknown>[] }> };
      const element = document.getElementById('element-app') as unknown as Ready;
      const started = await (await element.ready).data;
      const result = await started?.engine.query('SELECT count(*) AS n FROM airports');
      return Number(result?.rows[0]?.n);
    });
    expect(counts).toBeGreaterThan(100);

    const page_ = await page.evaluate(async () => {
      const shadow = (id: string) => document.getElementById(id)?.shadowRoot;
      const inside = shadow('element-app');
      const app = inside?.querySelector<HTMLElement>('.app');
      const button = inside?.querySelector<HTMLElement>('button');
      const canvas = inside?.querySelector<HTMLCanvasElement>('.maplibregl-canvas');
      const controls = inside?.querySelector<HTMLElement>('.maplibregl-ctrl-bottom-right');
      const hostBox = document.getElementById('element-app')!.getBoundingClientRect();
      const canvasBox = canvas?.getBoundingClientRect();
      const databases = (await indexedDB.databases()).map((database) => database.name).sort();
      return {
        title: document.title,
        globals: ['mapwright', 'mapwrightPage'].filter((name) => name in window),
        bodyBackground: getComputedStyle(document.body).backgroundColor,
        bodyFont: getComputedStyle(document.body).fontFamily,
        appBorder: app ? getComputedStyle(app).borderTopStyle : 'missing',
        buttonBackground: button ? getComputedStyle(button).backgroundColor : 'missing',
        controlsPosition: controls ? getComputedStyle(controls).position : 'missing',
        canvasInside:
          canvasBox !== undefined &&
          canvasBox.width > 200 &&
          canvasBox.left >= hostBox.left - 1 &&
          canvasBox.right <= hostBox.right + 1 &&
          canvasBox.bottom <= hostBox.bottom + 1,
        bothShadowed: Boolean(inside && shadow('mounted-app')),
        idsInDocument: ['map', 'chat', 'app'].filter((id) => document.getElementById(id)),
        databases,
        hostKeys: Object.keys(localStorage).filter((key) => !key.startsWith('mapwright@')),
      };
    });
    expect(page_.title).toBe('Field notes: two maps on one page');
    expect(page_.globals).toEqual([]);
    // The host page keeps its styles, and the apps keep theirs (the host's loud rules stay outside).
    expect(page_.bodyBackground).toBe('rgb(253, 246, 227)');
    expect(page_.bodyFont).toContain('Georgia');
    expect(page_.appBorder).not.toBe('dashed');
    expect(page_.buttonBackground).not.toBe('rgb(255, 105, 180)');
    // MapLibre's stylesheet works inside the shadow root: its controls are placed, its canvas fills
    // the element and stays inside it.
    expect(page_.controlsPosition).toBe('absolute');
    expect(page_.canvasInside).toBe(true);
    expect(page_.bothShadowed).toBe(true);
    expect(page_.idsInDocument).toEqual([]);
    // Each app keeps its conversations in a database of its own namespace; the app page's is untouched.
    expect(page_.databases).toEqual(
      expect.arrayContaining([
        'mapwright@field-notes-element/mapwright',
        'mapwright@field-notes-mounted/mapwright',
      ]),
    );
    expect(page_.databases).not.toContain('mapwright');
    expect(page_.hostKeys).toEqual([]);
    // Every file of the app came from the app's site; the host page served only its own three.
    expect([...new Set(fromHost)].sort()).toEqual(['/', '/embed.js', '/host.css']);
    expect(failed).toEqual([]);

    await page.evaluate('window.fieldNotes.destroy()');
    const gone = async (): Promise<{ listeners: string[] }> => {
      await expect
        .poll(async () => ((await page.evaluate('window.__held()')) as Held).workers, {
          timeout: 20_000,
        })
        .toEqual([]);
      return (await page.evaluate('window.__held()')) as Held;
    };
    const afterFirst = await gone();
    // What stays is what the module adds once per page (the watch for the page's policy refusing a
    // request, and the page-visibility watch), never anything of an app: two more apps mounted and
    // destroyed leave exactly the same.
    expect(afterFirst.listeners.filter((entry) => !before.listeners.includes(entry))).toEqual([
      'securitypolicyviolation|false|d',
      'visibilitychange|false|d',
    ]);
    // A string: the test runner rewrites import() in functions it hands the page.
    await page.evaluate(`(async () => {
      const { mount } = await import(${JSON.stringify(`${assets.appUrl}mapwright.js`)});
      const apps = ['again-1', 'again-2'].map((namespace) => {
        const element = document.createElement('div');
        element.style.height = '500px';
        document.body.append(element);
        return mount(element, { storageNamespace: namespace });
      });
      await Promise.all(apps.map((app) => app.ready));
      apps.forEach((app) => app.destroy());
    })()`);
    expect((await gone()).listeners).toEqual(afterFirst.listeners);
    expect(await page.locator('.app').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    await context.close();
  }, 240_000);
});

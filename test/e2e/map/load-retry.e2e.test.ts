// A bundled dataset and the basemap's tiles load though the server fails their first request (503, as
// a busy server does): the page asks again after a wait, the query answers and nothing is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../servers/static-server';
import { launchBrowser, openMapPage, type PageUnderTest } from '../harness';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const FLIGHTS = '/data/flights-3m.parquet';
const BASEMAP = '/data/tiles/basemap.pmtiles';

describe('loads that fail once', () => {
  let browser: Browser;
  let server: LoopbackServer;
  let underTest: PageUnderTest;
  const requests: Array<{ pathname: string; failed: boolean }> = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startStaticServer(undefined, {
        failFirst: {
          paths: [FLIGHTS, BASEMAP],
          onRequest: (pathname, failed) => requests.push({ pathname, failed }),
        },
      }),
    ]);
    // No service worker (openMapPage blocks it): its copy of the files would take the failed request
    // instead of the page.
    underTest = await openMapPage(browser, `${server.url}/`);
  });
  afterAll(async () => {
    await underTest?.context.close();
    await Promise.allSettled([browser?.close(), server?.stop()]);
  });

  it('draws the basemap though the first read of its tile archive failed', async () => {
    const { page } = underTest;
    const basemap = requests.filter((request) => request.pathname === BASEMAP);
    expect(basemap[0]?.failed).toBe(true);
    expect(basemap.length).toBeGreaterThan(1);
    const drawn = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      await controller.whenIdle();
      const map = controller.map;
      return map
        .getStyle()
        .layers.filter((layer) => 'source' in layer && layer.source === 'basemap')
        .some((layer) => map.queryRenderedFeatures({ layers: [layer.id] }).length > 0);
    });
    expect(drawn).toBe(true);
  });

  it('queries a bundled dataset whose first load failed', async () => {
    const { page } = underTest;
    const answer = await page.evaluate(async () => {
      const app = window.mapwright!;
      await app.data;
      const query = app.registry
        .list()
        .find((tool) => tool.origin.kind === 'mcp' && tool.origin.originalName === 'query')!;
      const result = await query.execute(
        { sql_query: 'SELECT count(*) AS n FROM flights' },
        { signal: new AbortController().signal },
      );
      return { content: result.content, isError: result.isError === true };
    });
    expect(answer.isError).toBe(false);
    expect(answer.content).toMatch(/3[,.]?0\d\d[,.]?\d{3}|\b3\d{6}\b/);
    const flights = requests.filter((request) => request.pathname === FLIGHTS);
    expect(flights.map((request) => request.failed)).toEqual([true, false]);
    expect(
      await page
        .locator('.notice-banner')
        .innerText()
        .catch(() => ''),
    ).not.toMatch(/could not/i);
    expect(underTest.pageErrors).toEqual([]);
  }, 180_000);
});

// The built app, offline: the basemap and bundled layers render, tools change what is drawn, uploads
// become layers, and a dataset with no layer (the flights) is credited. Counts come from MapLibre's
// rendered features after the map is idle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAppHarness,
  type AppHarness,
  type PageUnderTest,
  openMapPage,
  waitInPage,
} from '../harness';
import { mapCanvasVariance } from '../map-page';

type Counts = Record<string, number>;

async function renderedCounts(page: PageUnderTest['page'], layers: string[]): Promise<Counts> {
  return page.evaluate(async (ids) => {
    const map = window.mapwright!.map!;
    await map.whenIdle();
    return Object.fromEntries(ids.map((id) => [id, map.renderedFeatureCount(id)]));
  }, layers);
}

describe('map', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness({ datasets: 'shipped' });
    underTest = await openMapPage(harness.browser, harness.appUrl);
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it('renders the offline basemap and every bundled layer, with no request outside loopback', async () => {
    const { page, pageErrors, outsideRequests } = underTest;
    const counts = await renderedCounts(page, ['land', 'earthquakes', 'airports', 'counties']);
    expect(counts.land).toBeGreaterThan(20);
    expect(counts.earthquakes).toBeGreaterThan(1000);
    expect(counts.airports).toBeGreaterThan(3000);
    expect(counts.counties).toBeGreaterThan(3000);
    expect(await mapCanvasVariance(page)).toBeGreaterThan(10);
    await page.screenshot({ path: '.e2e-artifacts/map-boot.png' });
    const layerPanel = await page.locator('.layer-panel li').allTextContents();
    expect(layerPanel.join('\n')).toContain('Unemployment rate');
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
  });

  it("credits a dataset that has no layer (the flights' table) in the map's attribution control", async () => {
    const credits = await underTest.page.locator('.maplibregl-ctrl-attrib-inner').textContent();
    expect(credits).toContain('U.S. Bureau of Transportation Statistics');
  });

  it('draws the bundled layers from their tile archives and reads their files only after it has drawn', async () => {
    const { page } = underTest;
    const timing = await page.evaluate(() => {
      const idle = performance.getEntriesByName('mapwright:map-idle')[0]!.startTime;
      const entries = performance.getEntriesByType('resource');
      return {
        idle,
        tiles: entries.filter((e) => e.name.endsWith('/counties.pmtiles')).map((e) => e.startTime),
        file: entries
          .filter((e) => e.name.endsWith('/us-counties-10m.json'))
          .map((e) => e.startTime),
      };
    });
    // The archive is read range by range: its header and directory, then each tile in view.
    expect(timing.tiles.length).toBeGreaterThan(2);
    expect(Math.min(...timing.tiles)).toBeLessThan(timing.idle);
    expect(timing.file).toHaveLength(1);
    expect(timing.file[0]).toBeGreaterThan(timing.idle);
    // Once read, the file gives the layer its features (for fitting the view and joins).
    await waitInPage(
      page,
      () => (window.mapwright?.map?.getLayer('counties')?.featureCount ?? 0) > 3000,
    );
    const bounds = await page.evaluate(() => window.mapwright!.map!.layerBounds('counties'));
    // From American Samoa (14° S) to Alaska (71° N).
    expect(bounds?.[1]).toBeCloseTo(-14.4, 0);
    expect(bounds?.[3]).toBeCloseTo(71.4, 0);
  });

  it('set_filter reduces the rendered count, and reset_filter brings it back', async () => {
    const { page } = underTest;
    const before = (await renderedCounts(page, ['earthquakes'])).earthquakes!;
    const result = await page.evaluate(async () => {
      const { registry } = window.mapwright!;
      const signal = new AbortController().signal;
      const tool = registry.get('set_filter')!;
      return tool.execute({ layer: 'earthquakes', filter: ['>=', ['get', 'mag'], 4] }, { signal });
    });
    const after = (await renderedCounts(page, ['earthquakes'])).earthquakes!;
    expect(after).toBeGreaterThan(10);
    expect(after).toBeLessThan(before / 4);
    expect(result.content).toContain(`${after} features of earthquakes are in view`);
    await page.evaluate(async () => {
      const signal = new AbortController().signal;
      await window
        .mapwright!.registry.get('reset_filter')!
        .execute({ layer: 'earthquakes' }, { signal });
    });
    expect((await renderedCounts(page, ['earthquakes'])).earthquakes).toBe(before);
  });

  it('map_query_result draws a layer from an embedded query result', async () => {
    const { page } = underTest;
    const outcome = await page.evaluate(async () => {
      const app = window.mapwright!;
      await app.data;
      const signal = new AbortController().signal;
      const query = app.registry
        .list()
        .find((tool) => tool.origin.kind === 'mcp' && tool.origin.originalName === 'query');
      if (!query)
        return {
          error: `no query tool among ${app.registry
            .list()
            .map((tool) => tool.name)
            .join(', ')}`,
        };
      const sql =
        "SELECT a.iata, a.longitude, a.latitude, count(*) AS departures FROM flights f JOIN airports a ON a.iata = f.origin WHERE a.state = 'CA' GROUP BY ALL";
      const queried = await query.execute({ sql_query: sql }, { signal });
      const resultId =
        /result_id=([A-Za-z0-9_-]+)/.exec(queried.content)?.[1] ?? app.resultStore.ids().at(-1);
      const drawn = await app.registry.get('map_query_result')!.execute(
        {
          result_id: resultId,
          geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
          style: { color_by: 'departures' },
        },
        { signal },
      );
      return { queried: queried.content, drawn: drawn.content, resultId };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.drawn).toMatch(/^Drew \d+ points as layer result-/);
    const layerId = /layer (result-[A-Za-z0-9_-]+)/.exec(outcome.drawn!)?.[1] ?? '';
    const counts = await renderedCounts(page, [layerId]);
    expect(counts[layerId]).toBeGreaterThan(5);
  }, 120_000);

  it('an uploaded CSV with lon/lat columns appears as a layer and in the catalog', async () => {
    const { page } = underTest;
    const input = page.locator('.upload-input');
    await input.setInputFiles({
      name: 'My Stations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,lon,lat,value\nA,-100,40,1\nB,-90,35,2\nC,-110,45,3\n'),
    });
    await waitInPage(page, () => window.mapwright!.catalog.get('my_stations') !== undefined);
    const counts = await renderedCounts(page, ['my_stations']);
    expect(counts.my_stations).toBe(3);
    expect(await page.locator('.layer-panel li[data-layer-id="my_stations"]').count()).toBe(1);
    expect(await page.locator('.notice-banner').textContent()).toContain(
      'added as table my_stations',
    );
    expect(await page.evaluate(() => window.mapwright!.systemPrompt())).toContain(
      'table and map layer `my_stations`',
    );
  });

  it('tells the person when an upload is not a file it can read', async () => {
    const { page } = underTest;
    await page.locator('.upload-input').setInputFiles({
      name: 'broken.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from('{"type": "Feature"'),
    });
    await waitInPage(page, () =>
      document
        .querySelector('.notice-banner')
        ?.textContent?.includes('broken.geojson could not be read'),
    );
  });
});

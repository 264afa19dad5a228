// DuckDB-WASM in real Chromium: the loaders, plain rows, cancellation, and the embedded server over it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWasmPage } from '../../data/wasm-page/build-wasm-page';
import { startStaticServer } from '../../servers/static-server';
import { launchBrowser, openPage, type PageUnderTest } from '../harness';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

describe('the DuckDB-WASM engine in the browser', () => {
  let browser: Browser;
  let server: LoopbackServer;
  let page: PageUnderTest;
  const requestedUrls: string[] = [];

  beforeAll(async () => {
    const root = await buildWasmPage();
    [browser, server] = await Promise.all([launchBrowser(), startStaticServer(root)]);
    page = await openPage(browser);
    page.context.on('request', (request) => requestedUrls.push(request.url()));
    await page.page.goto(`${server.url}/`);
    await page.page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  });
  afterAll(async () => {
    await page?.context.close();
    await Promise.allSettled([browser?.close(), server?.stop()]);
  });

  it('does not download DuckDB until the first query', async () => {
    const requested = () => requestedUrls.some((url) => url.endsWith('.wasm'));
    expect(requested()).toBe(false);
    await page.page.evaluate(async () => {
      const engine = window.wasmPage!.createEngine();
      await engine.query('SELECT 1');
      await engine.close();
    });
    expect(requested()).toBe(true);
  });

  it('loads CSV, TSV, Parquet, GeoJSON and Arrow tables and queries them', async () => {
    const result = await page.page.evaluate(async () => {
      const engine = window.wasmPage!.createEngine();
      await engine.load({ table: 'airports', format: 'csv', url: './data/airports.csv' });
      await engine.load({ table: 'airports', format: 'csv', url: './data/airports.csv' });
      await engine.load({ table: 'unemployment', format: 'tsv', url: './data/unemployment.tsv' });
      await engine.load({ table: 'flights', format: 'parquet', url: './data/flights-3m.parquet' });
      await engine.load({ table: 'quakes', format: 'geojson', url: './data/earthquakes.json' });
      await engine.load({
        table: 'flights_arrow',
        format: 'arrow',
        url: './data/flights-200k.arrow',
      });
      const count = async (table: string) =>
        (await engine.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n;
      const quake = (await engine.query('SELECT geometry, lon, lat FROM quakes LIMIT 1')).rows[0];
      const flight = (await engine.query('SELECT date, delay FROM flights LIMIT 1')).rows[0];
      const output = {
        tables: await engine.listTables(),
        airports: await count('airports'),
        unemployment: await count('unemployment'),
        flights: await count('flights'),
        flightsArrow: await count('flights_arrow'),
        quakes: await count('quakes'),
        quake,
        flight,
        described: await engine.describe('airports'),
      };
      await engine.close();
      return output;
    });
    expect(result.tables).toEqual([
      'airports',
      'flights',
      'flights_arrow',
      'quakes',
      'unemployment',
    ]);
    expect(result.airports).toBe(3376);
    expect(result.flights).toBe(3_000_000);
    expect(result.flightsArrow).toBe(200_000);
    expect(result.unemployment).toBeGreaterThan(3000);
    expect(result.quakes).toBeGreaterThan(100);
    const geometry = JSON.parse(String(result.quake?.geometry)) as { coordinates: number[] };
    expect(result.quake?.lon).toBe(geometry.coordinates[0]);
    expect(typeof result.flight?.delay).toBe('number');
    expect(String(result.flight?.date)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(result.described.rowCount).toBe(3376);
    // Parquet is decoded in a worker of its own: the page's thread never fetched parquet-wasm (a
    // 3M-row file decoded there froze the chat and the map for over half a second).
    const pageFetched = await page.page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(pageFetched.filter((url) => url.includes('parquet_wasm'))).toEqual([]);
    expect(requestedUrls.some((url) => /parquet_wasm_bg.*\.wasm$/.test(url))).toBe(true);
    expect(requestedUrls.some((url) => url.includes('table-decoder-worker'))).toBe(true);
    expect(
      result.described.columns.find((column) => column.name === 'state')?.sampleValues?.length,
    ).toBe(5);
  });

  it('cancels a long query and stays usable', async () => {
    const outcome = await page.page.evaluate(async () => {
      const engine = window.wasmPage!.createEngine();
      await engine.query('SELECT 1');
      const controller = new AbortController();
      const started = performance.now();
      setTimeout(() => controller.abort(), 300);
      let error = '';
      try {
        await engine.query('SELECT sum(a.range * b.range) FROM range(300000) a, range(300000) b', {
          signal: controller.signal,
        });
      } catch (caught) {
        error = (caught as Error).name;
      }
      const elapsed = performance.now() - started;
      const after = (await engine.query('SELECT 2 AS two', { timeoutMs: 20_000 })).rows;
      await engine.close();
      return { error, elapsed, after };
    });
    expect(outcome.error).toBe('QueryCancelledError');
    expect(outcome.elapsed).toBeLessThan(5000);
    expect(outcome.after).toEqual([{ two: 2 }]);
  });

  it('answers the embedded server query tool over the in-memory transport', async () => {
    const result = await page.page.evaluate(async () => {
      const api = window.wasmPage!;
      const engine = new api.LazyDataEngine(
        () => api.createEngine(),
        [{ table: 'airports', format: 'csv', url: './data/airports.csv' }],
      );
      const { hub, registry } = await api.createHub(engine);
      const started = engine.started;
      const answer = await registry.execute(
        {
          id: '1',
          name: 'query',
          arguments: { sql_query: "SELECT city FROM airports WHERE iata = 'SEA'" },
        },
        { signal: new AbortController().signal },
      );
      await hub.close();
      await engine.close();
      return { startedBeforeQuery: started, answer };
    });
    expect(result.startedBeforeQuery).toBe(false);
    expect(result.answer.isError).toBeFalsy();
    expect(result.answer.content).toContain('Seattle');
  });

  it('prints nothing, in the page or in its worker, when a query fails', async () => {
    const printed: string[] = [];
    const record = (message: { text(): string }) => printed.push(message.text());
    page.page.on('console', record);
    for (const worker of page.page.workers()) worker.on('console', record);
    page.page.on('worker', (worker) => worker.on('console', record));
    const failure = await page.page.evaluate(async () => {
      const engine = window.wasmPage!.createEngine();
      await engine.query('SELECT 1');
      const error = await engine
        .query("SELECT * FROM no_such_table WHERE token = 'sk-filled-in-secret'")
        .then(
          () => '',
          (caught: Error) => caught.message,
        );
      await engine.close();
      return error;
    });
    expect(failure).toMatch(/no_such_table/);
    expect(printed.filter((text) => text.includes('sk-filled-in-secret'))).toEqual([]);
    expect(printed).toEqual([]);
  });

  it('raised no page errors and sent nothing outside loopback', () => {
    expect(page.pageErrors).toEqual([]);
    expect(page.outsideRequests).toEqual([]);
  });
});

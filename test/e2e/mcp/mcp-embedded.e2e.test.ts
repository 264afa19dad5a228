// The built app's embedded SQL server answers a query tool call over real DuckDB-WASM and bundled data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForData } from '../chat-page';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';

describe('the embedded SQL server inside the built app', () => {
  let harness: AppHarness;
  let page: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness();
    page = await openPage(harness.browser);
    await page.page.goto(harness.appUrl);
    await waitForData(page.page);
  });
  afterAll(async () => {
    await page?.context.close();
    await harness?.close();
  });

  it('is connected and its tools are in the registry', async () => {
    const state = await page.page.evaluate(() => ({
      servers: window.mapwright!.hub!.servers().map((server) => [server.id, server.status]),
      tools: window.mapwright!.registry.list().map((tool) => tool.origin),
    }));
    expect(state.servers).toContainEqual(['embedded', 'connected']);
    expect(state.tools).toContainEqual({
      kind: 'mcp',
      serverId: 'embedded',
      serverTitle: 'Bundled data',
      originalName: 'query',
    });
  });

  it('answers query with real rows from a bundled dataset and keeps the result by id', async () => {
    const outcome = await page.page.evaluate(async () => {
      const app = window.mapwright!;
      const tables = (await app.engine!.listTables()) as string[];
      const table = tables.includes('airports') ? 'airports' : tables[0];
      const result = await app.registry.execute(
        {
          id: 'e2e-1',
          name: 'query',
          arguments: { sql_query: `SELECT count(*) AS n FROM "${table}"`, max_rows: 5 },
        },
        { signal: new AbortController().signal },
      );
      // A table result: its rows are in the page's ResultStore, under its result id.
      const data = result.data as { kind?: string; resultId?: string; rows?: unknown[] };
      const stored = app.resultStore.get(data.resultId ?? '') as
        { serverId: string; rows: { n: number }[] } | undefined;
      return { table, result, data, stored, count: stored?.rows[0]?.n };
    });
    expect(outcome.table).toBeTruthy();
    expect(outcome.result.isError).toBeFalsy();
    expect(outcome.count).toBeGreaterThan(0);
    expect(outcome.result.content).toContain(String(outcome.count));
    expect(outcome.stored?.serverId).toBe('embedded');
    expect(outcome.data).toMatchObject({ kind: 'table', totalRows: 1 });
    expect(outcome.data.rows).toBeUndefined();
    if (outcome.table === 'airports') expect(outcome.count).toBe(3376);
  });

  it('answers a query over the earthquakes GeoJSON dataset (loaded under the app CSP)', async () => {
    const outcome = await page.page.evaluate(async () => {
      const app = window.mapwright!;
      const result = await app.hub!.callTool(
        'embedded',
        'query',
        { sql_query: 'SELECT count(*) AS n, max(mag) AS strongest FROM earthquakes' },
        { signal: new AbortController().signal },
      );
      const data = result.data as { resultId?: string };
      const stored = app.resultStore.get(data.resultId ?? '') as
        { rows: Record<string, unknown>[] } | undefined;
      return {
        result,
        row: stored?.rows[0],
        failures: app.engine!.loadFailures(),
      };
    });
    expect(outcome.failures).toEqual([]);
    expect(outcome.result.isError).toBeFalsy();
    expect(outcome.row?.n).toBe(1707);
    expect(typeof outcome.row?.strongest).toBe('number');
  });

  it('refuses a write in the page too', async () => {
    const result = await page.page.evaluate(() =>
      window.mapwright!.registry.execute(
        { id: 'e2e-2', name: 'query', arguments: { sql_query: 'DROP TABLE airports' } },
        { signal: new AbortController().signal },
      ),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/read-only/);
  });

  it('raised no page errors and sent nothing outside loopback', () => {
    expect(page.pageErrors).toEqual([]);
    expect(page.outsideRequests).toEqual([]);
  });
});

describe('a bundled dataset that fails to load in the built app', () => {
  let harness: AppHarness;
  let page: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness();
    page = await openPage(harness.browser);
    await page.page.route('**/data/earthquakes.geojson', (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    await page.page.goto(harness.appUrl);
    await waitForData(page.page);
  });
  afterAll(async () => {
    await page?.context.close();
    await harness?.close();
  });

  it('answers a query with an error naming the dataset and the reason', async () => {
    const result = await page.page.evaluate(() =>
      window.mapwright!.hub!.callTool(
        'embedded',
        'query',
        { sql_query: 'SELECT count(*) FROM earthquakes' },
        { signal: new AbortController().signal },
      ),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('"earthquakes" failed to load');
    expect(result.content).toContain('HTTP 404');
    expect(result.content).not.toMatch(/does not exist/);
  });

  it('warns the person in the notice banner', async () => {
    const notices = await page.page.locator('.notice-banner li').allTextContents();
    expect(
      notices.some((notice) => /"earthquakes" could not be loaded.*HTTP 404/.test(notice)),
    ).toBe(true);
  });

  it('keeps the other datasets queryable', async () => {
    const result = await page.page.evaluate(() =>
      window.mapwright!.hub!.callTool(
        'embedded',
        'query',
        { sql_query: 'SELECT count(*) AS n FROM airports' },
        { signal: new AbortController().signal },
      ),
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('3376');
  });
});

// The built app's embedded SQL server answers a query tool call over real DuckDB-WASM and bundled data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from './harness';

describe('the embedded SQL server inside the built app', () => {
  let harness: AppHarness;
  let page: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness();
    page = await openPage(harness.browser);
    await page.page.goto(harness.appUrl);
    await page.page.waitForFunction(() => window.mapwright !== undefined);
    await page.page.evaluate(() => window.mapwright!.data);
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
      const data = result.data as {
        structuredContent?: { result_id?: string; rows?: { n: number }[] };
      };
      const resultId = data.structuredContent?.result_id ?? '';
      return {
        table,
        result,
        stored: app.resultStore.get(resultId),
        count: data.structuredContent?.rows?.[0]?.n,
      };
    });
    expect(outcome.table).toBeTruthy();
    expect(outcome.result.isError).toBeFalsy();
    expect(outcome.count).toBeGreaterThan(0);
    expect(outcome.result.content).toContain(String(outcome.count));
    expect(outcome.stored?.serverId).toBe('embedded');
    if (outcome.table === 'airports') expect(outcome.count).toBe(3376);
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

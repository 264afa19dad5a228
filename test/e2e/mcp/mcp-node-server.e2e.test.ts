// The Node SQL server (native DuckDB over Streamable HTTP on loopback) answers the built app's hub in
// Chromium: CORS for a loopback page works with default options, and a bearer token is sent and checked.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startNodeSqlServer,
  type NodeSqlServer,
} from '../../../src/mcp/node/start-node-sql-server';
import { waitForData } from '../chat-page';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';

const token = 'e2e-token-5f2c';

describe('the Node SQL server from the built app in the browser', () => {
  let harness: AppHarness;
  let page: PageUnderTest;
  let served: NodeSqlServer;

  beforeAll(async () => {
    served = await startNodeSqlServer({
      paths: [resolve('node_modules/vega-datasets/data/airports.csv')],
      token,
    });
    harness = await startAppHarness();
    page = await openPage(harness.browser);
    await page.page.goto(harness.appUrl);
    await waitForData(page.page);
  });
  afterAll(async () => {
    await page?.context.close();
    await harness?.close();
    await served?.stop();
  });

  it('connects with the token, lists the tools and answers a query', async () => {
    const outcome = await page.page.evaluate(
      async ({ url, secret }) => {
        const hub = window.mapwright!.hub!;
        hub.addServer({
          id: 'warehouse',
          url,
          transport: 'streamable-http',
          headers: { Authorization: `Bearer ${secret}` },
        });
        const [state] = await hub.ready('warehouse');
        const result = await hub.callTool(
          'warehouse',
          'query',
          { sql_query: "SELECT city FROM airports WHERE iata = 'SEA'" },
          { signal: new AbortController().signal },
        );
        return { state, result };
      },
      { url: served.url, secret: token },
    );
    expect(outcome.state?.status).toBe('connected');
    expect(outcome.state?.tools.map((tool) => tool.name).sort()).toEqual([
      'describe_table',
      'list_tables',
      'query',
    ]);
    expect(outcome.result.isError).toBeFalsy();
    expect(outcome.result.content).toContain('Seattle');
  });

  it('reports a wrong token as an error status the UI can show', async () => {
    const state = await page.page.evaluate(async (url) => {
      const hub = window.mapwright!.hub!;
      hub.addServer({
        id: 'wrong-token',
        url,
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer wrong' },
      });
      return (await hub.ready('wrong-token'))[0];
    }, served.url);
    expect(state?.status).toBe('error');
    expect(state?.lastError).toMatch(/401|token/i);
  });

  it('raised no page errors and sent nothing outside loopback', () => {
    expect(page.pageErrors).toEqual([]);
    expect(page.outsideRequests).toEqual([]);
  });
});

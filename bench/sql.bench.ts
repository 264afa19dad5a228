// SQL timings: DuckDB-WASM in headless Chromium over a private build (the way the app runs), and native
// DuckDB in Node over the same 3,000,000-row flights Parquet.
import { resolve } from 'node:path';
import { DuckDbNodeEngine } from '../src/data/duckdb-node/duckdb-node-engine';
import { buildWasmPage } from '../test/data/wasm-page/build-wasm-page';
import { launchBrowser } from '../test/e2e/harness';
import { startStaticServer } from '../test/servers/static-server';

const groupBySql =
  'SELECT origin, avg(delay) AS avg_delay, count(*) AS flights FROM flights GROUP BY origin ORDER BY avg_delay DESC';
const runs = 5;

/** Prints wasm_first_query_ms, wasm_groupby_ms and native_groupby_ms. */
export async function run(): Promise<void> {
  const root = await buildWasmPage(resolve('.e2e-artifacts/d-bench-page'));
  const [browser, server] = await Promise.all([launchBrowser(), startStaticServer(root)]);
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) =>
      route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
    );
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const wasm = await page.evaluate(
      async ({ sql, count }) => {
        const firstStarted = performance.now();
        const engine = window.wasmPage!.createEngine();
        await engine.load({ table: 'airports', format: 'csv', url: './data/airports.csv' });
        await engine.query("SELECT name FROM airports WHERE iata = 'SFO'");
        const firstQueryMs = performance.now() - firstStarted;
        await engine.load({
          table: 'flights',
          format: 'parquet',
          url: './data/flights-3m.parquet',
        });
        await engine.query(sql);
        let total = 0;
        for (let index = 0; index < count; index++) {
          const started = performance.now();
          await engine.query(sql);
          total += performance.now() - started;
        }
        await engine.close();
        return { firstQueryMs, groupByMs: total / count };
      },
      { sql: groupBySql, count: runs },
    );
    console.log(`wasm_first_query_ms=${Math.round(wasm.firstQueryMs)}`);
    console.log(`wasm_groupby_ms=${Math.round(wasm.groupByMs)}`);
  } finally {
    await Promise.allSettled([browser.close(), server.stop()]);
  }

  const engine = new DuckDbNodeEngine();
  try {
    await engine.load({
      table: 'flights',
      format: 'parquet',
      url: resolve('node_modules/vega-datasets/data/flights-3m.parquet'),
    });
    await engine.query(groupBySql);
    let total = 0;
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      await engine.query(groupBySql);
      total += performance.now() - started;
    }
    console.log(`native_groupby_ms=${Math.round(total / runs)}`);
  } finally {
    await engine.close();
  }
}

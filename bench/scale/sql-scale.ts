// SQL cost as the table grows: a GROUP BY and a join over 0.3M, 1M and 3M generated rows in the page
// (DuckDB-WASM in headless Chromium, as in bench/sql.bench.ts) and in the Node engine, with the memory
// each side holds once a table is loaded; then the Node SQL server over a 30M-row Parquet file.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { startNodeSqlServer } from '../../src/mcp/node/start-node-sql-server';
import { buildWasmPage } from '../../test/data/wasm-page/build-wasm-page';
import { launchBrowser, asMostPeople, openPage } from '../../test/e2e/harness';
import { startStaticServer } from '../../test/servers/static-server';
import { median } from '../statistics';
import {
  groupByMonthSql,
  groupBySql,
  joinSql,
  writeDimsParquet,
  writeFactsParquet,
} from './generated-tables';
import type { DuckDbWasmEngine } from '../../src/data/duckdb/duckdb-wasm-engine';

/** The page, holding one engine across the bench's steps. */
type ScaleWindow = Window & { scaleEngine?: DuckDbWasmEngine };

const runs = 5;

/** Row counts of the in-page and Node curves (SCALE_ROWS overrides, comma-separated). */
export const tableSizes = (process.env.SCALE_ROWS ?? '300000,1000000,3000000')
  .split(',')
  .map(Number);

function label(rows: number): string {
  return rows >= 1_000_000 ? `${rows / 1_000_000}m` : `${rows / 1_000}k`;
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

/** Median milliseconds of `runs` runs of `sql`, after one warm-up run. */
async function timeQuery(query: (sql: string) => Promise<unknown>, sql: string): Promise<number> {
  await query(sql);
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await query(sql);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** DuckDB's own account of its memory: the buffer manager's bytes in use. */
const duckdbMemorySql = 'SELECT sum(memory_usage_bytes)::BIGINT AS bytes FROM duckdb_memory()';

/** Prints page_* and node_* lines for every table size. */
export async function runSqlInPageAndNode(): Promise<void> {
  const root = await buildWasmPage(resolve('.e2e-artifacts/scale-wasm-page'));
  const data = join(root, 'data');
  await writeDimsParquet(join(data, 'dims.parquet'));
  for (const rows of tableSizes) await writeFactsParquet(join(data, `facts-${rows}.parquet`), rows);

  const [browser, server] = await Promise.all([launchBrowser(), startStaticServer(root)]);
  try {
    const { page, context } = await openPage(browser, asMostPeople);
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const devtools = await context.newCDPSession(page);
    await devtools.send('Performance.enable');
    await page.evaluate(async () => {
      const engine = window.wasmPage!.createEngine();
      (window as ScaleWindow).scaleEngine = engine;
      await engine.load({ table: 'dims', format: 'parquet', url: './data/dims.parquet' });
    });
    for (const rows of tableSizes) {
      const file = `facts-${rows}.parquet`;
      const loaded = await page.evaluate(
        async ({ url, memorySql }) => {
          const engine = (window as ScaleWindow).scaleEngine!;
          // The page's longest task while the table loads: what a person typing or panning would feel.
          const tasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(entry.duration);
          });
          observer.observe({ type: 'longtask' });
          const started = performance.now();
          await engine.load({ table: 'facts', format: 'parquet', url });
          const loadMs = performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 50));
          for (const entry of observer.takeRecords()) tasks.push(entry.duration);
          observer.disconnect();
          const memory = await engine.query(memorySql);
          const size = await engine.query('PRAGMA database_size');
          return {
            memoryLimit: String(size.rows[0]?.memory_limit ?? ''),
            loadMs,
            longestTaskMs: Math.max(0, ...tasks),
            duckdbBytes: Number(memory.rows[0]?.bytes ?? Number.NaN),
            databaseMemory: String(size.rows[0]?.memory_usage ?? ''),
          };
        },
        { url: `./data/${file}`, memorySql: duckdbMemorySql },
      );
      const { metrics } = await devtools.send('Performance.getMetrics');
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
      const timings = await page.evaluate(
        async ({ queries, count }) => {
          const engine = (window as ScaleWindow).scaleEngine!;
          const medians: number[] = [];
          for (const sql of queries) {
            await engine.query(sql);
            const samples: number[] = [];
            for (let index = 0; index < count; index++) {
              const started = performance.now();
              await engine.query(sql);
              samples.push(performance.now() - started);
            }
            samples.sort((left, right) => left - right);
            medians.push(samples[Math.floor(samples.length / 2)] ?? Number.NaN);
          }
          await engine.drop('facts');
          return medians;
        },
        { queries: [groupBySql, joinSql], count: runs },
      );
      const name = label(rows);
      const fileBytes = (await stat(join(data, file))).size;
      console.log(`page_groupby_ms_at_${name}=${timings[0]?.toFixed(1)}`);
      console.log(`page_join_ms_at_${name}=${timings[1]?.toFixed(1)}`);
      console.log(`page_load_ms_at_${name}=${Math.round(loaded.loadMs)}`);
      console.log(
        `page_longest_task_ms_during_load_at_${name}=${Math.round(loaded.longestTaskMs)}`,
      );
      console.log(
        `page_memory_at_${name}: js_heap_mb=${megabytes(heap)} duckdb_mb=${megabytes(loaded.duckdbBytes)} database_size_memory=${loaded.databaseMemory.replace(/\s+/g, '')} memory_limit=${loaded.memoryLimit.replace(/\s+/g, '')} parquet_mb=${megabytes(fileBytes)}`,
      );
    }
    await context.close();
  } finally {
    await Promise.allSettled([browser.close(), server.stop()]);
  }

  const engine = new DuckDbNodeEngine();
  try {
    await engine.load({ table: 'dims', format: 'parquet', url: join(data, 'dims.parquet') });
    for (const rows of tableSizes) {
      const started = performance.now();
      await engine.load({
        table: 'facts',
        format: 'parquet',
        url: join(data, `facts-${rows}.parquet`),
      });
      const loadMs = performance.now() - started;
      const memory = await engine.query(duckdbMemorySql);
      const name = label(rows);
      console.log(
        `node_groupby_ms_at_${name}=${(await timeQuery((sql) => engine.query(sql), groupBySql)).toFixed(1)}`,
      );
      console.log(
        `node_join_ms_at_${name}=${(await timeQuery((sql) => engine.query(sql), joinSql)).toFixed(1)}`,
      );
      console.log(`node_load_ms_at_${name}=${Math.round(loadMs)}`);
      console.log(
        `node_memory_at_${name}: rss_mb=${megabytes(process.memoryUsage().rss)} duckdb_mb=${megabytes(Number(memory.rows[0]?.bytes ?? Number.NaN))}`,
      );
      await engine.drop('facts');
    }
  } finally {
    await engine.close();
  }
}

/** Rows in the Parquet file the Node server serves (SCALE_SERVER_ROWS overrides). */
const serverRows = Number(process.env.SCALE_SERVER_ROWS ?? 30_000_000);

/** Prints server_* lines: the Node SQL server over a generated Parquet file of `serverRows` rows. */
export async function runNodeServerOverParquet(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'mapwright-scale-'));
  try {
    await mkdir(folder, { recursive: true });
    let started = performance.now();
    await writeFactsParquet(join(folder, 'facts.parquet'), serverRows);
    await writeDimsParquet(join(folder, 'dims.parquet'));
    const writeMs = performance.now() - started;
    const fileBytes = (await stat(join(folder, 'facts.parquet'))).size;
    started = performance.now();
    const served = await startNodeSqlServer({ paths: [folder], port: 0 });
    const startMs = performance.now() - started;
    const client = new Client({ name: 'scale-bench', version: '1.0.0' });
    try {
      const name = label(serverRows);
      console.log(
        `# server_parquet_at_${name}: file_mb=${megabytes(fileBytes)} write_ms=${Math.round(writeMs)} load_and_start_ms=${Math.round(startMs)}`,
      );
      console.log(
        `server_groupby_ms_at_${name}=${(await timeQuery((sql) => served.engine.query(sql), groupBySql)).toFixed(1)}`,
      );
      console.log(
        `server_groupby_month_ms_at_${name}=${(await timeQuery((sql) => served.engine.query(sql), groupByMonthSql)).toFixed(1)}`,
      );
      console.log(
        `server_join_ms_at_${name}=${(await timeQuery((sql) => served.engine.query(sql), joinSql)).toFixed(1)}`,
      );
      // The same GROUP BY as a person's approved call: over HTTP, through the MCP server's query tool.
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      const overHttp = (sql: string) =>
        client.callTool({ name: 'query', arguments: { sql_query: sql } }, undefined, {
          timeout: 120_000,
        });
      console.log(
        `server_groupby_over_mcp_ms_at_${name}=${(await timeQuery(overHttp, groupBySql)).toFixed(1)}`,
      );
    } finally {
      await client.close().catch(() => {});
      await served.stop();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

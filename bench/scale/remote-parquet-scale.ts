// A publisher's Parquet file on a data host, queried from the built app (real DuckDB-WASM and
// parquet-wasm, headless Chromium) without downloading it whole. A loopback static server that answers
// ranges holds a generated file (SCALE_REMOTE_ROWS rows, 35M by default: about 1 GB; six columns,
// row groups of 1M rows) and counts the bytes it sends. Prints, per query (a count, a filtered aggregate
// of one column, the same aggregate filtered on the sorted id (one row group read), a top-10 by that
// column), the bytes fetched, their share of the file and the time from
// Approve to the answer, each in a fresh page (no column fetched before; the footer's read counts in),
// medians of SCALE_REMOTE_RUNS (3).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ask, openChat, waitForData, waitForIdle } from '../../test/e2e/chat-page';
import { lightConfig, serveWithConfig } from '../../test/e2e/contract/config-variant';
import { launchBrowser } from '../../test/e2e/harness';
import { startFakeLlm } from '../../test/servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../test/servers/static-server';
import { median } from '../statistics';

const rows = Number(process.env.SCALE_REMOTE_ROWS ?? 35_000_000);
const runs = Number(process.env.SCALE_REMOTE_RUNS ?? 3);

const queries = [
  { label: 'count', words: 'how many', sql: 'SELECT count(*) AS n FROM readings' },
  {
    label: 'filtered_aggregate',
    words: 'high ones',
    sql: 'SELECT count(*) AS n, avg(value) AS mean FROM readings WHERE value > 900',
  },
  {
    // id is sorted: the range lies in one row group of 1M rows, the others are skipped.
    label: 'sorted_filter',
    words: 'picked ones',
    sql: 'SELECT count(*) AS n, avg(value) AS mean FROM readings WHERE id BETWEEN 2100000 AND 2600000',
  },
  {
    label: 'top10',
    words: 'top ten',
    sql: 'SELECT id, value FROM readings ORDER BY value DESC, id LIMIT 10',
  },
  // The same readings as a CSV of SCALE_REMOTE_CSV_ROWS rows: its first rows, then every row.
  { label: 'csv_head', words: 'first rows', sql: 'SELECT * FROM readings_csv LIMIT 10' },
  { label: 'csv_count', words: 'csv count', sql: 'SELECT count(*) AS n FROM readings_csv' },
];
const csvRows = Number(process.env.SCALE_REMOTE_CSV_ROWS ?? 1_000_000);

async function writeReadings(file: string): Promise<void> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    await connection.run(`COPY (
      SELECT i AS id,
        (hash(i) % 1000000) / 1000.0 AS value,
        (hash(i + 1) % 360000000) / 1e6 - 180 AS lon,
        (hash(i + 2) % 180000000) / 1e6 - 90 AS lat,
        'station-' || (hash(i + 3) % 5000) AS station,
        (hash(i + 4) % 100000)::INTEGER AS reading
      FROM range(${rows}) AS t(i)
    ) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 1000000)`);
    await connection.run(
      `COPY (SELECT * FROM '${file}' LIMIT ${csvRows}) TO '${file.replace(/\.parquet$/, '.csv')}' (HEADER)`,
    );
  } finally {
    connection.closeSync();
  }
}

/** Generates the file, serves it, and prints each query's bytes and time. */
export async function runRemoteParquetScale(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'mapwright-remote-parquet-bench-'));
  const file = join(folder, 'readings.parquet');
  const generating = performance.now();
  await writeReadings(file);
  const sizes = {
    parquet: (await stat(file)).size,
    csv: (await stat(file.replace(/\.parquet$/, '.csv'))).size,
  };
  console.log(
    `remote_parquet_file rows=${rows} mb=${(sizes.parquet / 1e6).toFixed(0)} csv_rows=${csvRows} csv_mb=${(sizes.csv / 1e6).toFixed(0)} written_ms=${(performance.now() - generating).toFixed(0)}`,
  );
  // Bytes sent of each file: a page's boot reads the CSV's head whatever its query.
  const served = new Map<string, number>();
  const dataHost = await startStaticServer(folder, {
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'range',
      'access-control-expose-headers': 'content-range, content-length, accept-ranges',
    },
    onBytesServed: (pathname, bytes) => {
      served.set(pathname, (served.get(pathname) ?? 0) + bytes);
    },
  });
  const config = await lightConfig();
  config.data = { allowedHosts: [dataHost.url] };
  (config.datasets as unknown[]).push({
    id: 'readings',
    title: 'Readings',
    description: 'Generated readings.',
    source: { url: `${dataHost.url}/readings.parquet`, format: 'parquet' },
    table: 'readings',
    geometry: { kind: 'none' },
  });
  (config.datasets as unknown[]).push({
    id: 'readings_csv',
    title: 'Readings (CSV)',
    description: 'The same readings as a CSV.',
    source: { url: `${dataHost.url}/readings.csv`, format: 'csv' },
    table: 'readings_csv',
    geometry: { kind: 'none' },
  });
  const [browser, fake, variant] = await Promise.all([
    launchBrowser(),
    startFakeLlm({
      script: {
        tokenDelayMs: 1,
        rules: [
          ...queries.map(({ words, sql }) => ({
            user: words,
            reply: { toolCalls: [{ name: 'query', arguments: { sql_query: sql } }] },
          })),
          { toolResult: { regex: '.' }, reply: { text: 'Done.' } },
        ],
        fallback: { text: 'Nothing scripted.' },
      },
    }),
    serveWithConfig(JSON.stringify(config)),
  ]);
  const figures = new Map<string, { bytes: number[]; ms: number[] }>();
  const record = (label: string, bytes: number, ms: number) => {
    const entry = figures.get(label) ?? { bytes: [], ms: [] };
    entry.bytes.push(bytes);
    entry.ms.push(ms);
    figures.set(label, entry);
  };
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const { label, words } of queries) {
        served.clear();
        const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
        const { page } = opened;
        await waitForData(page);
        await ask(page, words);
        const card = page.locator('.mw-approval-card');
        await card.waitFor({ timeout: 120_000 });
        const started = performance.now();
        await card.getByRole('button', { name: 'Approve query' }).click();
        const call = page.locator('.mw-call[data-tool="query"][data-state="success"]');
        await call.waitFor({ timeout: 600_000 });
        const ms = performance.now() - started;
        await waitForIdle(page);
        const path = label.startsWith('csv_') ? '/readings.csv' : '/readings.parquet';
        record(label, served.get(path) ?? 0, ms);
        await opened.context.close();
      }
    }
  } finally {
    await Promise.allSettled([browser.close(), fake.stop(), variant.stop(), dataHost.stop()]);
    await rm(folder, { recursive: true, force: true });
  }
  for (const { label, sql } of queries) {
    const entry = figures.get(label);
    if (!entry) continue;
    const bytes = median(entry.bytes);
    const size = label.startsWith('csv_') ? sizes.csv : sizes.parquet;
    console.log(
      `remote_parquet query=${label} file_mb=${(size / 1e6).toFixed(0)} fetched_kb=${(bytes / 1e3).toFixed(1)} ` +
        `share=${((bytes / size) * 100).toFixed(2)}% ms=${median(entry.ms).toFixed(0)} runs=${entry.ms.length} sql="${sql}"`,
    );
  }
}

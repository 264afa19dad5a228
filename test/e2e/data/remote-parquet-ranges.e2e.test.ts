// A publisher's Parquet file on an allowed data host is queried without downloading it whole: the page
// reads its footer, then only the column chunks a query reads, by HTTP range. The data host here counts
// every byte it sends; the answers are checked against native DuckDB reading the same file whole.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { startStaticServer } from '../../servers/static-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { Browser } from 'playwright-core';

const rows = 2_000_000;
const countSql = 'SELECT count(*) AS readings FROM readings';
const filteredSql =
  'SELECT count(*) AS high, round(sum(value), 3) AS total FROM readings WHERE value > 900';
// id is sorted: its range lies in one of the eight row groups (500,000 to 749,999).
const sortedSql =
  'SELECT count(*) AS picked, round(sum(value), 3) AS total FROM readings WHERE id BETWEEN 520000 AND 600000';

/** Writes the readings file: six columns of numbers and text, eight row groups. */
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
    ) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 250000)`);
  } finally {
    connection.closeSync();
  }
}

/** What native DuckDB answers, reading the whole file. */
async function wholeFileAnswers(
  file: string,
): Promise<{ count: string; filtered: string[]; sorted: string[] }> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    await connection.run(`CREATE VIEW readings AS SELECT * FROM read_parquet('${file}')`);
    const count = (await connection.runAndReadAll(countSql)).getRows()[0]?.[0];
    const filtered = (await connection.runAndReadAll(filteredSql)).getRows()[0] ?? [];
    const sorted = (await connection.runAndReadAll(sortedSql)).getRows()[0] ?? [];
    return { count: String(count), filtered: filtered.map(String), sorted: sorted.map(String) };
  } finally {
    connection.closeSync();
  }
}

describe('a remote Parquet dataset', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let dataHost: LoopbackServer;
  /** An allowed host that redirects every request to `outsider`, which is not allowed. */
  let redirecting: LoopbackServer;
  let outsider: LoopbackServer;
  let outsiderServed = 0;
  let folder: string;
  let fileSize = 0;
  let served = 0;
  let answers: { count: string; filtered: string[]; sorted: string[] };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-remote-parquet-'));
    const file = join(folder, 'readings.parquet');
    await writeReadings(file);
    fileSize = (await stat(file)).size;
    answers = await wholeFileAnswers(file);
    dataHost = await startStaticServer(folder, {
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'range',
        'access-control-expose-headers': 'content-range, content-length, accept-ranges',
      },
      onBytesServed: (pathname, bytes) => {
        if (pathname === '/readings.parquet') served += bytes;
      },
    });
    outsider = await startStaticServer(folder, {
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'range',
        'access-control-expose-headers': 'content-range, content-length, accept-ranges',
      },
      onBytesServed: (_pathname, bytes) => {
        outsiderServed += bytes;
      },
    });
    redirecting = await startLoopbackServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'range');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      response.writeHead(302, { location: `${outsider.url}/readings.parquet` }).end();
    });
    const config = await lightConfig();
    config.data = { allowedHosts: [dataHost.url, redirecting.url] };
    (config.datasets as unknown[]).push({
      id: 'readings',
      title: 'Sensor readings',
      description: 'Two million readings from a publisher.',
      source: { url: `${dataHost.url}/readings.parquet`, format: 'parquet' },
      table: 'readings',
      geometry: { kind: 'none' },
    });
    (config.datasets as unknown[]).push({
      id: 'strays',
      title: 'Strays',
      description: 'A file whose host sends it elsewhere.',
      source: { url: `${redirecting.url}/strays.parquet`, format: 'parquet' },
      table: 'strays',
      geometry: { kind: 'none' },
    });
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          tokenDelayMs: 2,
          rules: [
            {
              user: 'how many',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: countSql } }] },
            },
            {
              user: 'high ones',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: filteredSql } }] },
            },
            {
              user: 'picked ones',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: sortedSql } }] },
            },
            {
              user: 'strays',
              reply: {
                toolCalls: [
                  { name: 'query', arguments: { sql_query: 'SELECT count(*) FROM strays' } },
                ],
              },
            },
            { toolResult: { regex: '.' }, reply: { text: 'Done.' } },
          ],
          fallback: { text: 'Nothing scripted.' },
        },
      }),
      serveWithConfig(JSON.stringify(config)),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled([
      browser?.close(),
      fake?.stop(),
      variant?.stop(),
      dataHost?.stop(),
      redirecting?.stop(),
      outsider?.stop(),
    ]);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('counts from the footer and aggregates one column from its chunks alone', async () => {
    expect(fileSize).toBeGreaterThan(40_000_000);
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await waitForData(page);

    const result = async (question: string, index: number) => {
      await ask(page, question);
      await page
        .locator('.mw-approval-card')
        .getByRole('button', { name: 'Approve query' })
        .click();
      const call = page
        .locator('.mw-call[data-tool="query"][data-state]:not([data-state="running"])')
        .nth(index);
      await call.waitFor({ timeout: 120_000 });
      await waitForIdle(page);
      expect(await call.getAttribute('data-state')).not.toBe('error');
      await call.locator('summary').click();
      return (await call.locator('.mw-call-result').textContent()) ?? '';
    };

    const counted = await result('how many readings?', 0);
    expect(counted).toContain(answers.count);
    const forCount = served;
    expect(forCount).toBeGreaterThan(0);
    expect(forCount / fileSize).toBeLessThan(0.05);

    const filtered = await result('the high ones?', 1);
    for (const value of answers.filtered) expect(filtered).toContain(value);
    const forFiltered = served - forCount;
    expect(forFiltered / fileSize).toBeLessThan(0.25);
    // The page's DuckDB never downloaded the file whole.
    expect(served / fileSize).toBeLessThan(0.3);
    await expectClean(opened);
    await opened.context.close();
  }, 240_000);

  it('reads only the row groups a filter on a sorted column can match', async () => {
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await waitForData(page);
    const before = served;
    await ask(page, 'the picked ones?');
    await page.locator('.mw-approval-card').getByRole('button', { name: 'Approve query' }).click();
    const call = page.locator(
      '.mw-call[data-tool="query"][data-state]:not([data-state="running"])',
    );
    await call.waitFor({ timeout: 120_000 });
    await waitForIdle(page);
    expect(await call.getAttribute('data-state')).not.toBe('error');
    await call.locator('summary').click();
    const text = (await call.locator('.mw-call-result').textContent()) ?? '';
    expect(answers.sorted[0]).toBe('80001');
    for (const value of answers.sorted) expect(text).toContain(value);
    // The footer (twice: parquet-wasm's read and the ranges' own), then two columns of one row group
    // of eight: about 4 % of the file, where every row group of them was 33 %.
    const share = (served - before) / fileSize;
    console.log(
      `sorted filter: fetched ${(served - before) / 1e6} MB, ${(share * 100).toFixed(2)} % of the file`,
    );
    expect(share).toBeLessThan(0.1);
    await expectClean(opened);
    await opened.context.close();
  }, 240_000);

  it('reads nothing of a file its allowed host redirects to another host', async () => {
    outsiderServed = 0;
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await waitForData(page);
    await ask(page, 'count the strays');
    await page.locator('.mw-approval-card').getByRole('button', { name: 'Approve query' }).click();
    const call = page.locator('.mw-call[data-tool="query"][data-state="error"]');
    await call.waitFor({ timeout: 120_000 });
    await waitForIdle(page);
    await call.locator('summary').click();
    const text = (await call.locator('.mw-call-result').textContent()) ?? '';
    expect(text).toContain(`redirected it to ${outsider.url}`);
    // Without the worker's own policy the browser follows the redirect (docs/security.md); the guard
    // reads nothing of the answer, and nothing more is asked of that host than the first 8 bytes.
    expect(outsiderServed).toBeLessThanOrEqual(8);
    await opened.context.close();
  }, 240_000);
});

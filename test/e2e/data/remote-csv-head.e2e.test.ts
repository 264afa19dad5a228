// A publisher's CSV on an allowed data host, queried for its first rows: the page reads only the head
// of the file by HTTP range (the data host counts every byte it sends); a query that needs every row
// reads it whole, and both answers are those of native DuckDB reading the whole file.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const rows = 300_000;
const headSql = 'SELECT id, name FROM stations LIMIT 5';
const countSql = 'SELECT count(*) AS stations, max(name) AS last FROM stations';

describe('a remote CSV dataset', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let dataHost: LoopbackServer;
  let folder: string;
  let fileSize = 0;
  let served = 0;
  let counted: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-remote-csv-'));
    const file = join(folder, 'stations.csv');
    const lines = ['id,name,value'];
    for (let id = 0; id < rows; id += 1) lines.push(`${id},Station ${id},${(id * 7) % 1000}`);
    await writeFile(file, `${lines.join('\n')}\n`);
    fileSize = (await stat(file)).size;
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      await connection.run(`CREATE VIEW stations AS SELECT * FROM read_csv('${file}')`);
      counted = ((await connection.runAndReadAll(countSql)).getRows()[0] ?? []).map(String);
    } finally {
      connection.closeSync();
    }
    dataHost = await startStaticServer(folder, {
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'range',
        'access-control-expose-headers': 'content-range, content-length, accept-ranges',
      },
      onBytesServed: (pathname, bytes) => {
        if (pathname === '/stations.csv') served += bytes;
      },
    });
    const config = await lightConfig();
    config.data = { allowedHosts: [dataHost.url] };
    (config.datasets as unknown[]).push({
      id: 'stations',
      title: 'Stations',
      description: 'Stations from a publisher.',
      source: { url: `${dataHost.url}/stations.csv`, format: 'csv' },
      table: 'stations',
      geometry: { kind: 'none' },
    });
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          tokenDelayMs: 2,
          rules: [
            {
              user: 'first few',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: headSql } }] },
            },
            {
              user: 'how many',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: countSql } }] },
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
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop(), dataHost?.stop()]);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('reads only the head for its first rows, and the whole file for a count', async () => {
    expect(fileSize).toBeGreaterThan(6_000_000);
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

    const head = await result('the first few stations?', 0);
    for (const name of ['Station 0', 'Station 4']) expect(head).toContain(name);
    const forHead = served;
    console.log(`head: fetched ${forHead} bytes of ${fileSize}`);
    expect(forHead).toBeGreaterThan(0);
    expect(forHead / fileSize).toBeLessThan(0.05);

    const all = await result('how many stations?', 1);
    for (const value of counted) expect(all).toContain(value);
    expect(served - forHead).toBeGreaterThanOrEqual(fileSize);
    await expectClean(opened);
    await opened.context.close();
  }, 240_000);
});

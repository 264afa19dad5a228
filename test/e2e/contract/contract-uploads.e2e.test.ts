// Contract: a bad file upload gets a clear message and loses nothing. One page, as one person would try
// them in a row, picking files with "Add data": an empty file, a CSV with ragged rows, a wrong extension,
// JSON that is not GeoJSON, a truncated Parquet file; then a good file and a question, to show nothing
// else broke. No request may leave loopback.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { distDir } from '../../servers/static-server';
import { ask, expectClean, openChat, type ContractPage } from '../chat-page';
import { launchBrowser, waitInPage } from '../harness';
import { lightConfig, serveWithConfig, type ConfigVariant } from './config-variant';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser } from 'playwright-core';

const RAGGED_CSV = 'name,longitude,latitude\nAlpha,-100,40\nBravo,-101\nCharlie,-102,41,surplus\n';

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'ragged rows',
      reply: {
        toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT * FROM ragged' } }],
      },
    },
    { user: 'ragged rows', toolResult: '', reply: { text: 'Done **querying**.' } },
  ],
  fallback: { text: 'The chat still **works**.' },
};

describe('contract: bad uploads', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let opened: ContractPage;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
    opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    await opened.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  /** Picks one file with "Add data" and returns the message the upload added to the banner. */
  async function upload(name: string, content: string | Buffer): Promise<string> {
    const { page } = opened;
    const lines = page.locator('.notice-banner li[data-kind="upload"]');
    const before = await lines.count();
    await page.setInputFiles('.upload-input', {
      name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
    });
    await waitInPage(
      page,
      (count) => document.querySelectorAll('.notice-banner li[data-kind="upload"]').length > count,
      before,
      { timeout: 60_000 },
    );
    expect(await page.locator('.notice-banner').isVisible()).toBe(true);
    return (await lines.nth(before).textContent()) ?? '';
  }

  it('an empty file: says it is empty', async () => {
    expect(await upload('empty.csv', '')).toMatch(/^empty\.csv is empty/);
  });

  it('a wrong extension: names the file and the formats that work', async () => {
    expect(await upload('budget.xlsx', 'PK\u0003\u0004 not really a spreadsheet')).toMatch(
      /^budget\.xlsx: only CSV, TSV, GeoJSON and Parquet files can be added/,
    );
  });

  it('JSON that is not GeoJSON: says what a GeoJSON file needs', async () => {
    expect(await upload('shapes.geojson', '{"type": "Topology", "objects": {}}')).toMatch(
      /^shapes\.geojson could not be read: .*not a GeoJSON FeatureCollection/,
    );
  });

  it('a .geojson file that is not JSON at all: says it could not be read', async () => {
    expect(await upload('broken.geojson', '{"type": "FeatureCollection", "features": [')).toMatch(
      /^broken\.geojson could not be read: .+/,
    );
  });

  it('a truncated Parquet file: says it could not be read', async () => {
    const whole = await readFile(join(distDir, 'data', 'flights-3m.parquet'));
    const message = await upload('truncated.parquet', whole.subarray(0, 64 * 1024));
    expect(message).toMatch(/^truncated\.parquet could not be read: .+/);
    expect(message).not.toMatch(/was added/);
  });

  it('a CSV with ragged rows: the message says which rows do not fit', async () => {
    const message = await upload('ragged.csv', RAGGED_CSV);
    expect(message).toMatch(/^ragged\.csv/);
    expect(message).toMatch(/row|line/i);
    expect(message).toContain('2 rows (2, 3)');
  });

  // SQL keeps every row of a ragged CSV; a surplus field lands in an extra column rather than being lost.
  it('a CSV with ragged rows: SQL sees the rows and columns the upload announced', async () => {
    const { page } = opened;
    await page.getByRole('switch').check();
    try {
      await ask(page, 'Show me the ragged rows');
      await page.locator('.mw-answer strong', { hasText: 'querying' }).waitFor({ timeout: 60_000 });
      const call = page.locator('.mw-call[data-tool="query"]').last();
      expect(await call.getAttribute('data-state')).toBe('success');
      const table = page.locator('.mw-result-table').last();
      const headers = await table.locator('th').allTextContents();
      expect(headers.slice(0, 3)).toEqual(['name', 'longitude', 'latitude']);
      const cells = (await table.locator('tbody').textContent()) ?? '';
      for (const name of ['Alpha', 'Bravo', 'Charlie']) expect(cells).toContain(name);
    } finally {
      await page.getByRole('switch').uncheck();
    }
  });

  it('after the bad files: a good file becomes a table and a layer, the map and the chat still work', async () => {
    const { page } = opened;
    const message = await upload(
      'stations.csv',
      'station,longitude,latitude\nNorth,-100.5,45.2\nSouth,-99.1,30.7\n',
    );
    expect(message).toMatch(
      /stations\.csv was added as table stations and drawn as layer stations/,
    );
    await ask(page, 'Anything there?');
    await page.locator('.mw-answer strong', { hasText: 'works' }).waitFor();
    expect(await page.locator('#map canvas').count()).toBeGreaterThan(0);
    await expectClean(opened);
  });
});

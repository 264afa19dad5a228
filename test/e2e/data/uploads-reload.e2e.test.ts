// Uploads across reloads, in the built app with real DuckDB-WASM and MapLibre: a CSV picked with "Add
// data" is queried with SQL and drawn again after a reload, and listed in the system prompt the model
// gets; uploading the same name again replaces it (one layer); removing it from the layer panel (with a
// visible confirmation) takes it away for good, also after a reload. No request may leave loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  openChat,
  waitForChat,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser, waitInPage } from '../harness';
import type { Browser, Page } from 'playwright-core';

const STATIONS = 'station,longitude,latitude\nNorth,-100.5,45.2\nSouth,-99.1,30.7\n';
const MORE_STATIONS = 'station,longitude,latitude\nEast,-80.2,35.1\nWest,-120.4,38.6\nMid,-95,39\n';

/** Picks one file with "Add data" and returns the notice the upload added. */
async function upload(page: Page, name: string, content: string): Promise<string> {
  const lines = page.locator('.notice-banner li[data-kind="upload"]');
  const before = await lines.count();
  await page.setInputFiles('.upload-input', {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await waitInPage(
    page,
    (count) => document.querySelectorAll('.notice-banner li[data-kind="upload"]').length > count,
    before,
    { timeout: 60_000 },
  );
  return (await lines.nth(before).textContent()) ?? '';
}

/** Reloads the page and waits until the map has drawn and the kept uploads are back. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  await page.evaluate(() => window.mapwright!.uploadsRestored);
  await waitForChat(page);
}

/** The rows of a query run by the page's own DuckDB, or the error it gave. */
function sql(page: Page, query: string): Promise<{ rows?: unknown[]; error?: string }> {
  return page.evaluate(async (text) => {
    const started = await window.mapwright!.data;
    try {
      return { rows: (await started!.engine.query(text)).rows };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, query);
}

/** Features of the layer MapLibre draws in the current view, once the map is idle. */
function renderedFeatures(page: Page, layerId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const map = window.mapwright!.map!;
    await map.whenIdle();
    return map.renderedFeatureCount(id);
  }, layerId);
}

const layerItems = (page: Page) => page.locator('.layer-panel li[data-layer-id="stations"]');

describe('uploads across reloads', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  let opened: ContractPage;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script: { tokenDelayMs: 2, rules: [], fallback: { text: 'Noted.' } } }),
      lightConfig().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
    opened = await openChat(browser, variant.appUrl, { endpoint: fake.url });
    await opened.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  it('an uploaded CSV is queried with SQL and drawn again after a reload, and the model is told of it', async () => {
    const { page } = opened;
    expect(await upload(page, 'stations.csv', STATIONS)).toBe(
      'stations.csv was added as table stations and drawn as layer stations (2 features).',
    );
    await reload(page);
    expect(await sql(page, 'SELECT station FROM stations ORDER BY station')).toEqual({
      rows: [{ station: 'North' }, { station: 'South' }],
    });
    expect(await renderedFeatures(page, 'stations')).toBe(2);
    expect(await layerItems(page).count()).toBe(1);
    expect(await layerItems(page).locator('input[type="checkbox"]').isChecked()).toBe(true);

    await ask(page, 'What did I upload?');
    await waitForIdle(page);
    const system = fake.requests.at(-1)?.body.messages?.[0];
    expect(system?.role).toBe('system');
    expect(JSON.stringify(system?.content)).toContain('table `stations`; map layer `stations`');
  });

  it('uploading the same name again replaces it: one layer, the new rows', async () => {
    const { page } = opened;
    const message = await upload(page, 'stations.csv', MORE_STATIONS);
    expect(message).toContain(
      'was added as table stations and drawn as layer stations (3 features)',
    );
    expect(message).toContain('It replaces the earlier upload of stations.csv.');
    expect(await layerItems(page).count()).toBe(1);
    expect(await renderedFeatures(page, 'stations')).toBe(3);
    // The layer does not wait for DuckDB (upload-dataset.ts): the new file's table is put in place
    // after the notice, dropping the earlier one first, so until then the query may find no table.
    await waitInPage(page, async () => {
      const started = await window.mapwright!.data;
      const counted = await started!.engine
        .query('SELECT count(*)::INTEGER AS n FROM stations')
        .catch(() => undefined);
      return counted?.rows[0]?.n === 3;
    });
    await reload(page);
    expect(await layerItems(page).count()).toBe(1);
    expect(await renderedFeatures(page, 'stations')).toBe(3);
    expect(
      await page.evaluate(
        () =>
          window.mapwright!.catalog.list().filter((entry) => entry.title === 'stations.csv').length,
      ),
    ).toBe(1);
  });

  it('Remove asks for a visible confirmation, then takes the upload away, also after a reload', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'Options for stations.csv' }).click();
    await page.getByRole('button', { name: 'Remove upload stations.csv' }).click();
    const confirm = page.getByRole('button', { name: 'Confirm remove upload stations.csv' });
    expect(await confirm.textContent()).toBe('Confirm remove');
    expect(await layerItems(page).count()).toBe(1);
    await confirm.click();
    await page
      .locator('.notice-banner li[data-kind="upload"]', { hasText: 'stations.csv was removed.' })
      .waitFor();
    expect(await layerItems(page).count()).toBe(0);
    expect(await page.evaluate(() => window.mapwright!.map!.map.getLayer('stations'))).toBe(
      undefined,
    );
    expect((await sql(page, 'SELECT * FROM stations')).error).toMatch(/stations/);

    await reload(page);
    expect(await layerItems(page).count()).toBe(0);
    expect(await page.evaluate(() => window.mapwright!.catalog.get('stations'))).toBe(undefined);
    expect((await sql(page, 'SELECT * FROM stations')).error).toMatch(/stations/);
    expect(await page.evaluate(() => window.mapwright!.systemPrompt())).not.toContain('stations');
    await expectClean(opened);
  });
});

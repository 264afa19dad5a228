// What the person makes in a conversation without the model belongs to it as much as what the model
// made (fake LLM on loopback, real DuckDB-WASM and MapLibre): a chart drawn with a table's Chart button
// and a layer drawn with its "Show on map" come back after a reload, under the same table and on the
// map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForChat, waitForIdle } from './chat-page';
import { startAppHarness, type AppHarness } from './harness';
import { registerResultFixtures } from './result-fixtures';
import type { FakeLlmScript } from '../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'quake places',
      reply: { toolCalls: [{ name: 'fixture_rows', arguments: { name: 'places' } }] },
    },
    { user: 'quake places', toolResult: '', reply: { text: 'Here are the places.' } },
  ],
  fallback: { text: 'Hello.' },
};

/** The result layers on the map, with their opacity and visibility. */
function resultLayers(page: Page) {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    return controller
      .stackOrder()
      .filter((id) => id.startsWith('result-'))
      .map((id) => ({
        id,
        opacity: controller.map.getPaintProperty(id, 'circle-opacity') ?? 1,
        visibility: controller.map.getLayoutProperty(id, 'visibility') ?? 'visible',
      }));
  });
}

describe('a conversation keeps what the person made in it', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([startAppHarness(), startFakeLlm({ script })]);
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('brings back a chart and a layer drawn from a table’s buttons after a reload', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await registerResultFixtures(page);
    await ask(page, 'Where are the quake places?');
    await page.locator('.mw-answer', { hasText: 'Here are the places.' }).waitFor();
    await waitForIdle(page);
    const table = page.locator('.mw-result-table', { hasText: 'Anchorage' });
    await table.getByRole('button', { name: 'Chart these rows under the table' }).click();
    await table.locator('.mw-table-chart svg.mw-plot').waitFor();
    await table.getByRole('button', { name: 'Show on map: draw these rows on the map' }).click();
    await expect.poll(async () => (await resultLayers(page)).length).toBe(1);
    const drawn = await resultLayers(page);
    expect(drawn[0]).toMatchObject({ id: 'result-places', visibility: 'visible' });

    await page.reload();
    await waitForChat(page);
    const again = page.locator('.mw-result-table', { hasText: 'Anchorage' });
    await again.waitFor();
    // Under the same table, as it was drawn.
    const chart = again.locator('.mw-table-chart svg.mw-plot');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toBe('Bar chart of quakes by name');
    expect(await page.locator('.mw-chart').count()).toBe(1);
    await expect.poll(() => resultLayers(page)).toEqual(drawn);
    await expectClean(opened);
    await opened.context.close();
  });
});

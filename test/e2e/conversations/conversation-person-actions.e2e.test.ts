// What the person makes in a conversation without the model belongs to it as much as what the model
// made (fake LLM on loopback, real DuckDB-WASM and MapLibre): a chart drawn with a table's Chart button
// and a layer drawn with its "Show on map" come back after a reload, under the same table and on the
// map; the order the person stacks result layers in (with their opacity and visibility) comes back
// after a reload and after switching to another conversation and back.
import { describe, expect, it } from 'vitest';
import {
  ask,
  expectClean,
  openChat,
  waitForChat,
  waitForIdle,
  useAppWithModel,
} from '../chat-page';
import { registerResultFixtures } from '../result-fixtures';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const points = { kind: 'points', lon: 'longitude', lat: 'latitude' };

const script: FakeLlmScript = {
  rules: [
    {
      user: 'quake places',
      reply: { toolCalls: [{ name: 'fixture_rows', arguments: { name: 'places' } }] },
    },
    { user: 'quake places', toolResult: '', reply: { text: 'Here are the places.' } },
    {
      user: 'places and ports',
      reply: {
        toolCalls: [
          { name: 'fixture_rows', arguments: { name: 'places' } },
          { name: 'fixture_rows', arguments: { name: 'ports' } },
        ],
      },
    },
    {
      user: 'places and ports',
      toolResult: 'Drew',
      reply: { text: 'Both are on the map.' },
    },
    {
      user: 'places and ports',
      toolResult: 'result_id=',
      reply: {
        toolCalls: [
          {
            name: 'map_query_result',
            arguments: { result_id: 'places', geometry: points, title: 'Quake places' },
          },
          {
            name: 'map_query_result',
            arguments: { result_id: 'ports', geometry: points, title: 'Harbour towns' },
          },
        ],
      },
    },
  ],
  fallback: { text: 'Hello.' },
};

/** The result layers as they stack on the map, topmost first, with their opacity and visibility. */
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

/** The publisher's layers as they stack, topmost first. */
function publisherOrder(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    window.mapwright!.map!.stackOrder().filter((id) => !id.startsWith('result-')),
  );
}

/** The result layers as the layer panel lists them, topmost first. */
function panelOrder(page: Page): Promise<string[]> {
  return page
    .locator('.layer-panel li[data-layer-id^="result-"]')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.layerId ?? ''));
}

describe('a conversation keeps what the person made in it', () => {
  const app = useAppWithModel(script);

  it('brings back a chart and a layer drawn from a table’s buttons after a reload', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
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

  it('keeps the order, opacity and visibility set in the layer panel through a reload and a switch', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    const { page } = opened;
    await registerResultFixtures(page);
    await ask(page, 'Show the places and ports');
    await page.locator('.mw-answer', { hasText: 'Both are on the map.' }).waitFor();
    await waitForIdle(page);
    // Drawn last, the ports are on top.
    const drawn = await resultLayers(page);
    expect(drawn.map((layer) => layer.id)).toEqual(['result-ports', 'result-places']);
    const panel = page.locator('.layer-panel');
    if ((await panel.getByRole('button', { name: 'Show layers' }).count()) > 0)
      await panel.getByRole('button', { name: 'Show layers' }).click();
    await panel.getByRole('button', { name: 'Options for Quake places' }).click();
    await panel.getByRole('button', { name: 'Move Quake places up' }).click();
    // A publisher's layer moved too: the conversation keeps it, a new one stacks them as published.
    const published = await publisherOrder(page);
    const [first, second, ...rest] = published;
    await panel.locator(`li[data-layer-id="${first}"] button[aria-label^="Options for"]`).click();
    await panel.locator(`li[data-layer-id="${first}"] button[title="Move down"]`).click();
    const rearranged = [second, first, ...rest];
    expect(await publisherOrder(page)).toEqual(rearranged);
    await panel.getByRole('button', { name: 'Options for Harbour towns' }).click();
    await panel.getByRole('slider', { name: 'Opacity of Harbour towns' }).fill('40');
    await panel.locator('li[data-layer-id="result-places"] input[type="checkbox"]').uncheck();
    const arranged = [
      { id: 'result-places', opacity: drawn[1]!.opacity, visibility: 'none' },
      { id: 'result-ports', opacity: 0.4, visibility: 'visible' },
    ];
    await expect.poll(() => resultLayers(page)).toEqual(arranged);
    expect(await panelOrder(page)).toEqual(['result-places', 'result-ports']);

    await page.reload();
    await waitForChat(page);
    await page.locator('.mw-user-text', { hasText: 'places and ports' }).waitFor();
    await expect.poll(() => resultLayers(page)).toEqual(arranged);
    expect(await panelOrder(page)).toEqual(['result-places', 'result-ports']);
    expect(await publisherOrder(page)).toEqual(rearranged);

    // Another conversation, then back.
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    await expect.poll(() => resultLayers(page)).toEqual([]);
    expect(await publisherOrder(page)).toEqual(published);
    await sidebar
      .getByRole('button', { name: /places and ports/ })
      .first()
      .click();
    await page.locator('.mw-user-text', { hasText: 'places and ports' }).waitFor();
    await expect.poll(() => resultLayers(page)).toEqual(arranged);
    expect(await panelOrder(page)).toEqual(['result-places', 'result-ports']);
    expect(await publisherOrder(page)).toEqual(rearranged);
    await expectClean(opened);
    await opened.context.close();
  });
});

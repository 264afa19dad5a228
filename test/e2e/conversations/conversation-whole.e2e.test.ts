// One conversation, whole, in the built app (fake LLM on loopback, real DuckDB-WASM and MapLibre), as a
// person uses it: a result drawn and a layer filtered belong to the conversation; New chat shows the
// publisher's map; switching back and reloading bring back the table, the layer, the filter, a chart of
// an old result_id, the SQL typed into an open card, and a tool switched off in the settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  openChat,
  waitForChat,
  waitForIdle,
  waitSayingWhere,
} from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const NORTH_SQL =
  'SELECT iata, name, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 10';
const QUAKE_FILTER = ['>=', ['get', 'mag'], 6];

let fake: FakeLlm;

/** The result_id the model was told, as it would read it back from the conversation. */
function firstResultId(): string {
  for (const request of fake.requests) {
    for (const message of request.body.messages ?? []) {
      const content = typeof message.content === 'string' ? message.content : '';
      const match = /result_id=(\S+)/.exec(content);
      if (match?.[1]) return match[1];
    }
  }
  return 'missing';
}

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'northernmost',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: NORTH_SQL } }] },
    },
    {
      user: 'northernmost',
      toolResult: 'map and chart tools can use',
      get reply(): FakeLlmReply {
        return {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: {
                result_id: firstResultId(),
                geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                title: 'Northernmost airports',
              },
            },
            { name: 'set_filter', arguments: { layer: 'earthquakes', filter: QUAKE_FILTER } },
          ],
        };
      },
    },
    {
      user: 'northernmost',
      toolResult: '',
      reply: { text: 'The northernmost airports are drawn; only strong quakes show.' },
    },
    {
      user: 'chart them',
      get reply(): FakeLlmReply {
        return {
          toolCalls: [
            {
              name: 'render_chart',
              arguments: { result_id: firstResultId(), kind: 'bar', x: 'iata', y: 'latitude' },
            },
          ],
        };
      },
    },
    { user: 'chart them', toolResult: '', reply: { text: 'Here is the chart.' } },
    {
      user: 'count them',
      reply: {
        toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT count(*) FROM airports' } }],
      },
    },
  ],
  fallback: { text: 'Hello.' },
};

/** What the map shows of the conversation: the result layer, and the earthquakes' filter. */
function mapState(page: Page) {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    return {
      resultLayers: controller.map
        .getStyle()
        .layers.map((layer) => layer.id)
        .filter((id) => id.startsWith('result-')),
      earthquakesFilter: controller.map.getFilter('earthquakes') ?? null,
    };
  });
}

describe('one conversation, whole', () => {
  let harness: AppHarness;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([startAppHarness(), startFakeLlm({ script })]);
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('owns its map, results, chart, card edits; New chat, switching back and reloading keep them', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await ask(page, 'Which are the northernmost airports?');
    await page.locator('.mw-approval-card .mw-approve').first().click();
    // Once lost when Approve came while the turn was still being stored (docs/performance.md, issue 31
    // part 5); if no answer comes, say where the chat stood and what the model was last told.
    await waitSayingWhere(
      page,
      page.locator('.mw-answer', { hasText: 'only strong quakes show' }),
      'No answer',
      30_000,
      () =>
        `; the model was asked ${fake.requests.length} times, last told ${JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1)).slice(0, 400)}`,
    );
    await waitForIdle(page);
    const drawnState = await mapState(page);
    expect(drawnState.resultLayers).toHaveLength(1);
    expect(drawnState.earthquakesFilter).toEqual(QUAKE_FILTER);

    // New chat: the publisher's map.
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    await expect.poll(() => mapState(page)).toEqual({ resultLayers: [], earthquakesFilter: null });

    // Switch back: the layer and the filter return with the conversation.
    await sidebar
      .getByRole('button', { name: /northernmost/ })
      .first()
      .click();
    await page.locator('.mw-user-text', { hasText: 'northernmost' }).waitFor();
    await expect.poll(() => mapState(page)).toEqual(drawnState);

    // Leave a card open with edited SQL, and switch a tool off.
    await ask(page, 'count them');
    const editor = page.locator('.mw-approval-card .cm-content').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(" WHERE state = 'AK'");
    await page.getByRole('button', { name: 'Open the settings' }).click();
    const describeSwitch = page.getByRole('checkbox', { name: /describe_table/ }).first();
    await describeSwitch.uncheck();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await page.waitForTimeout(400); // the edit is written within 250 ms

    await page.reload();
    await waitForChat(page);
    await page.locator('.mw-user-text', { hasText: 'northernmost' }).waitFor();
    // The table of the first query, from the rows kept with the conversation.
    await page.locator('.mw-result-table', { hasText: 'BRW' }).first().waitFor();
    await expect.poll(() => mapState(page)).toEqual(drawnState);
    // The open card comes back with the SQL as the person left it.
    const restoredSql = page.locator('.mw-approval-card .cm-content').first();
    await restoredSql.waitFor();
    expect(await restoredSql.textContent()).toContain("WHERE state = 'AK'");
    // The switched-off tool is still off.
    expect(
      await page.evaluate(() => window.mapwright!.registry.get('describe_table') === undefined),
    ).toBe(true);
    await page.locator('.mw-approval-card .mw-deny').first().click();
    await waitForIdle(page);

    // A chart of the first result_id, drawn after the reload.
    await ask(page, 'chart them');
    await page.locator('.mw-answer', { hasText: 'Here is the chart.' }).waitFor();
    expect(await page.locator('.mw-chart svg').count()).toBeGreaterThan(0);
    expect(await page.locator('text=/No result with result_id/').count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  });
});

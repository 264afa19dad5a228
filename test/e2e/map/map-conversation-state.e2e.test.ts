// The built app, real MapLibre: what a conversation drew and set on the map is captured as JSON, the
// publisher's map comes back without it, and the captured state brings it all back. Checked in what
// MapLibre renders and in its style, not only in the controller's bookkeeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness, type PageUnderTest, openMapPage } from '../harness';

type Page = PageUnderTest['page'];

interface Drawn {
  /** Distinct features rendered in view, by layer. */
  counts: Record<string, number>;
  /** Whether MapLibre's style has the result layer at all. */
  resultInStyle: boolean;
  earthquakesFilter: unknown;
  countiesOpacity: unknown;
  airportsVisibility: unknown;
}

const resultLayer = 'result-e2e_stations';

/** What MapLibre draws now, once it is idle. */
async function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(async (resultId) => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    const { map } = controller;
    return {
      counts: Object.fromEntries(
        ['earthquakes', 'airports', resultId].map((id) => [
          id,
          controller.renderedFeatureCount(id),
        ]),
      ),
      resultInStyle: map.getLayer(resultId) !== undefined,
      earthquakesFilter: map.getFilter('earthquakes') ?? null,
      countiesOpacity: map.getPaintProperty('counties', 'fill-opacity'),
      airportsVisibility: map.getLayoutProperty('airports', 'visibility') ?? 'visible',
    };
  }, resultLayer);
}

describe('a conversation map in the browser', () => {
  let harness: AppHarness;
  let underTest: PageUnderTest;

  beforeAll(async () => {
    harness = await startAppHarness();
    underTest = await openMapPage(harness.browser, harness.appUrl);
    // The layers' features (for counts and joins) load after the first draw.
    await underTest.page.evaluate(() => window.mapwright!.map!.featuresReady());
  });
  afterAll(async () => {
    await underTest?.context.close();
    await harness?.close();
  });

  it('captures a drawn result, a filter, a style and a hidden layer; resets to the publisher map; restores them', async () => {
    const { page, pageErrors } = underTest;
    const publisher = await drawn(page);
    expect(publisher.resultInStyle).toBe(false);
    expect(publisher.counts.earthquakes).toBeGreaterThan(1000);
    expect(publisher.counts.airports).toBeGreaterThan(3000);

    const outcomes = await page.evaluate(async () => {
      const app = window.mapwright!;
      const changes: string[] = [];
      (window as unknown as { mapChanges: string[] }).mapChanges = changes;
      app.conversationMap!.onChange((change) => changes.push(change));
      app.resultStore.put({
        resultId: 'e2e_stations',
        serverId: 'embedded',
        columns: [
          { name: 'name', type: 'VARCHAR' },
          { name: 'lon', type: 'DOUBLE' },
          { name: 'lat', type: 'DOUBLE' },
        ],
        rows: [
          { name: 'Denver', lon: -104.99, lat: 39.74 },
          { name: 'Omaha', lon: -95.93, lat: 41.26 },
          { name: 'Tulsa', lon: -95.99, lat: 36.15 },
        ],
        totalRows: 3,
      });
      const signal = new AbortController().signal;
      const call = (name: string, args: Record<string, unknown>) =>
        app.registry.get(name)!.execute(args, { signal });
      return [
        await call('map_query_result', {
          result_id: 'e2e_stations',
          geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
          style: { color: '#111827', radius: 10 },
        }),
        await call('set_filter', { layer: 'earthquakes', filter: ['>=', ['get', 'mag'], 4] }),
        await call('set_style', { layer: 'counties', paint: { 'fill-opacity': 0.2 } }),
      ].map((outcome) => outcome.content);
    });
    expect(outcomes[0]).toContain(`Drew 3 points as layer ${resultLayer}`);
    // The person hides a layer in the layer panel.
    await page
      .locator('.layer-panel li[data-layer-id="airports"] input[type="checkbox"]')
      .uncheck();
    const conversation = await drawn(page);
    expect(conversation.counts[resultLayer]).toBe(3);
    expect(conversation.counts.earthquakes).toBeLessThan(publisher.counts.earthquakes! / 4);
    expect(conversation.counts.airports).toBe(0);
    expect(conversation.countiesOpacity).toBe(0.2);
    expect(
      await page.evaluate(() => (window as unknown as { mapChanges: string[] }).mapChanges),
    ).toEqual(['layers', 'layers', 'layers', 'layers']);

    // Saved as text, as a conversation document stores it.
    const saved = await page.evaluate(() =>
      JSON.stringify(window.mapwright!.conversationMap!.capture()),
    );
    expect(JSON.parse(saved)).toMatchObject({
      version: 1,
      resultLayers: [{ resultId: 'e2e_stations', style: { color: '#111827', radius: 10 } }],
    });

    const reset = await page.evaluate(() => window.mapwright!.conversationMap!.restore(undefined));
    expect(reset.problems).toEqual([]);
    expect(await drawn(page)).toEqual(publisher);
    expect(await page.locator(`.layer-panel li[data-layer-id="${resultLayer}"]`).count()).toBe(0);

    const restored = await page.evaluate(
      (text) => window.mapwright!.conversationMap!.restore(JSON.parse(text)),
      saved,
    );
    expect(restored.problems).toEqual([]);
    expect(await drawn(page)).toEqual(conversation);
    expect(
      await page
        .locator('.layer-panel li[data-layer-id="airports"] input[type="checkbox"]')
        .isChecked(),
    ).toBe(false);
    // Restoring is not a change for the conversation to save.
    expect(
      await page.evaluate(() => (window as unknown as { mapChanges: string[] }).mapChanges),
    ).toHaveLength(4);
    expect(pageErrors).toEqual([]);
  });
});

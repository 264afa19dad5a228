// Undo for the map in the built app: the scripted model restyles and filters the earthquakes (set_style
// and set_filter in one round); Undo in the layer panel brings back the publisher's paint, no filter
// and the magnitude legend; Redo puts the restyle back; "Restore the publisher's style" undoes it by
// hand, and Ctrl+Z on the map takes that back. Checked in MapLibre's style and in the legend's DOM.
import { describe, expect, it } from 'vitest';
import { ask, expectClean, openChat, useAppWithModel, waitForIdle } from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const GREEN = '#22c55e';
const STRONG = ['>=', ['get', 'mag'], 5];

const script: FakeLlmScript = {
  rules: [
    {
      user: 'restyle the earthquakes',
      reply: {
        toolCalls: [
          {
            name: 'set_style',
            arguments: { layer: 'earthquakes', paint: { 'circle-color': GREEN } },
          },
          { name: 'set_filter', arguments: { layer: 'earthquakes', filter: STRONG } },
        ],
      },
    },
    { user: 'restyle the earthquakes', toolResult: '', reply: { text: 'Restyled in green.' } },
  ],
};

interface Look {
  color: string;
  filter: unknown;
  legend: string[];
}

/** The earthquakes as MapLibre draws them and as the layer panel's legend lists them. */
async function look(page: Page): Promise<Look> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    const row = document.querySelector('.layer-panel li[data-layer-id="earthquakes"]');
    return {
      color: JSON.stringify(controller.map.getPaintProperty('earthquakes', 'circle-color') ?? null),
      filter: controller.map.getFilter('earthquakes') ?? null,
      legend: [...(row?.querySelectorAll('.layer-legend-entry') ?? [])].map(
        (entry) => entry.textContent ?? '',
      ),
    };
  });
}

async function waitForLook(page: Page, expected: Look): Promise<void> {
  await expect.poll(() => look(page), { timeout: 15_000 }).toEqual(expected);
}

describe('undo for the map', () => {
  const app = useAppWithModel(script);

  it('Undo brings back the publisher’s style and legend after the model restyled a layer', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await page.evaluate(() => window.mapwright!.map!.featuresReady());
    const publisher = await look(page);
    // The publisher's earthquakes have a graduated colour and a legend of several classes.
    expect(publisher.legend.length).toBeGreaterThan(1);
    expect(publisher.filter).toBeNull();
    const panel = page.locator('.layer-panel');
    const undo = panel.getByRole('button', { name: 'Undo the last map change' });
    const redo = panel.getByRole('button', { name: 'Redo the map change undone' });
    expect(await undo.getAttribute('aria-disabled')).toBe('true');

    await ask(page, 'Please restyle the earthquakes in green, strong ones only.');
    await page
      .locator('.mw-answer', { hasText: 'Restyled in green.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const restyled: Look = { color: JSON.stringify(GREEN), filter: STRONG, legend: [] };
    await waitForLook(page, restyled);
    const restore = panel.getByRole('button', {
      name: "Restore the publisher's style of Earthquakes",
    });
    expect(await restore.isVisible()).toBe(true);

    // One Undo takes back the model's round: style, filter and legend.
    await undo.click();
    await waitForLook(page, publisher);
    expect(await restore.count()).toBe(0);
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    await redo.click();
    await waitForLook(page, restyled);

    // By hand: Restore the publisher's style; Ctrl+Z on the map takes it back.
    await restore.click();
    await waitForLook(page, publisher);
    await page.locator('.maplibregl-canvas').focus();
    await page.keyboard.press('Control+z');
    await waitForLook(page, restyled);

    // The history is the conversation's: a reload keeps it, and Undo still works.
    await page.reload();
    await page.locator('.mw-chat').waitFor();
    await waitForLook(page, restyled);
    await panel.getByRole('button', { name: 'Undo the last map change' }).click();
    await waitForLook(page, publisher);
    await expectClean(opened);
    await opened.context.close();
  });
});

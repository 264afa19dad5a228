// A new result comes into view: a query's layer drawn outside the map's view is fitted to, unless the
// person moved the map during the turn (their view stays theirs).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClean, openChat, useAppWithModel, waitForData } from '../chat-page';
import { askDrawingQuestion, drawingScript, DRAWING_QUESTION } from '../conversation-script';
import type { FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import type { Page } from 'playwright-core';

let fakeModel: FakeLlm | undefined;
const app = useAppWithModel(drawingScript(() => fakeModel));

/** Looks at southern Africa, far from the northernmost airports (Alaska). */
function lookAway(page: Page): Promise<void> {
  return page.evaluate(() =>
    window.mapwright!.map!.jumpCamera({ center: [25, -25], zoom: 5, bearing: 0, pitch: 0 }),
  );
}

/** The result layer's extent and the map's view, once the map has stopped. */
function layerAndView(page: Page): Promise<{ layer: number[]; view: number[] }> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    const layerId = controller.listLayers().find((layer) => layer.id.startsWith('result-'))!.id;
    return { layer: controller.layerBounds(layerId)!, view: controller.getState().bounds };
  });
}

const within = (inner: number[], outer: number[]): boolean =>
  inner[0]! >= outer[0]! &&
  inner[1]! >= outer[1]! &&
  inner[2]! <= outer[2]! &&
  inner[3]! <= outer[3]!;

describe('a new result comes into view', () => {
  beforeAll(() => {
    fakeModel = app.fake;
  });

  it('fits the map to a result drawn outside the view', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    await lookAway(page);
    await askDrawingQuestion(page);
    const { layer, view } = await layerAndView(page);
    expect(within(layer, view)).toBe(true);
    // Nothing of it lies under the layer panel's column over the map's left side.
    const clear = await page.evaluate(() => {
      const controller = window.mapwright!.map!;
      const map = controller.map;
      const layerId = controller.listLayers().find((entry) => entry.id.startsWith('result-'))!.id;
      const [west, , , north] = controller.layerBounds(layerId)!;
      const origin = map.getContainer().getBoundingClientRect().left;
      const panelsRight = Math.max(
        ...[...map.getContainer().querySelectorAll<HTMLElement>('.map-overlay > *')].map(
          (panel) => panel.getBoundingClientRect().right - origin,
        ),
      );
      return { westX: map.project([west, north]).x, panelsRight };
    });
    expect(clear.westX).toBeGreaterThan(clear.panelsRight);
    await expectClean(opened);
    await opened.context.close();
  });

  it('keeps the view the person chose while the card waited', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    await lookAway(page);
    await page.fill('.mw-input', DRAWING_QUESTION);
    await page.press('.mw-input', 'Enter');
    const approve = page.locator('.mw-approval-card .mw-approve').first();
    await approve.waitFor();
    // The person drags the map a little while the query waits for them.
    const canvas = await page.locator('#map canvas').boundingBox();
    const x = canvas!.x + canvas!.width / 2;
    const y = canvas!.y + canvas!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y + 20, { steps: 6 });
    await page.mouse.up();
    const dragged = await page.evaluate(async () => {
      const controller = window.mapwright!.map!;
      await controller.whenIdle();
      return controller.getState().center;
    });
    await approve.click();
    await page.locator('.mw-answer', { hasText: 'drawn and charted' }).waitFor();
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    const { layer, view } = await layerAndView(page);
    expect(within(layer, view)).toBe(false);
    const center = await page.evaluate(() => window.mapwright!.map!.getState().center);
    expect(center).toEqual(dragged);
    await expectClean(opened);
    await opened.context.close();
  });
});

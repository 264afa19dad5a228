// The phone layout (390×844) in the built app, with the fake LLM on loopback: the chat and the map take
// turns on the whole screen through a bottom tab bar, the Map tab shows a dot when the map changed while
// the chat was shown, touch targets are at least 44 px, and a fly-to or a fit lands in the middle of the
// map a person sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import { phoneViewport, settle } from '../showcase';
import type { Page } from 'playwright-core';

const CALIFORNIA: [number, number] = [-119.5, 37.2];

let fake: FakeLlm;

/** Where a longitude/latitude is drawn on the page, and what a person sees there. */
function whereOnScreen(page: Page, lngLat: [number, number]) {
  return page.evaluate((target) => {
    const map = window.mapwright!.map!.map;
    const canvas = map.getCanvas().getBoundingClientRect();
    const point = map.project(target);
    const x = canvas.left + point.x;
    const y = canvas.top + point.y;
    const shown = document.getElementById('map')!.getBoundingClientRect();
    return {
      x,
      y,
      centreX: shown.left + shown.width / 2,
      centreY: shown.top + shown.height / 2,
      // The map's own overlays (layer panel, controls) may sit there; the chat must not.
      inMap: document.getElementById('map')!.contains(document.elementFromPoint(x, y)),
    };
  }, lngLat);
}

/** Fits the map to California's extent (what fly_to does for a layer), then says where its middle is. */
function fitCaliforniaOnScreen(page: Page) {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    const [west, south, east, north] = [-124.4, 32.5, -114.1, 42];
    await controller.moveCamera({ bounds: [west, south, east, north] });
    const map = controller.map;
    const canvas = map.getCanvas().getBoundingClientRect();
    const southWest = map.project([west, south]);
    const northEast = map.project([east, north]);
    const shown = document.getElementById('map')!.getBoundingClientRect();
    return {
      x: canvas.left + (southWest.x + northEast.x) / 2,
      y: canvas.top + (southWest.y + northEast.y) / 2,
      centreX: shown.left + shown.width / 2,
      centreY: shown.top + shown.height / 2,
    };
  });
}

function box(page: Page, selector: string) {
  return page.locator(selector).first().boundingBox();
}

describe('the phone layout', () => {
  let harness: AppHarness;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([
      startAppHarness(),
      startFakeLlm({
        script: {
          rules: [
            {
              user: 'california',
              reply: {
                toolCalls: [
                  {
                    name: 'fly_to',
                    arguments: { lon: CALIFORNIA[0], lat: CALIFORNIA[1], zoom: 5 },
                  },
                ],
              },
            },
            { user: 'california', toolResult: '', reply: { text: 'Here is California.' } },
          ],
          fallback: { text: 'Hello.' },
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('shows the chat full screen first, and the map full screen from its tab', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      viewport: phoneViewport,
    });
    const { page } = opened;
    await settle(page);
    const tabBar = await box(page, '.app-tabs');
    expect(tabBar?.height).toBeGreaterThanOrEqual(44);
    for (const tab of ['#app-tab-chat', '#app-tab-map']) {
      expect((await box(page, tab))?.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const chat = await box(page, '#chat');
    expect(chat).toEqual({ x: 0, y: 0, width: 390, height: tabBar!.y });
    expect(await page.locator('#map').isVisible()).toBe(false);
    // Nothing of the map shows through the chat: not even the credits, which MapLibre makes visible.
    expect(await page.locator('.maplibregl-ctrl-attrib').isVisible()).toBe(false);

    await page.getByRole('tab', { name: /Map/ }).click();
    expect(await page.locator('#chat').isVisible()).toBe(false);
    const map = await box(page, '#map');
    expect(map).toEqual({ x: 0, y: 0, width: 390, height: tabBar!.y });
    // MapLibre draws into the whole visible map, not a strip of it.
    expect(await box(page, '#map canvas')).toEqual(map);
    // The credits start folded behind their button, which shows its icon once.
    const credits = page.locator('.maplibregl-ctrl-attrib');
    expect(await credits.getAttribute('class')).not.toContain('maplibregl-compact-show');
    expect(
      await page
        .locator('.maplibregl-ctrl-attrib-button')
        .evaluate((button) => getComputedStyle(button).backgroundRepeat),
    ).toBe('no-repeat');
    for (const control of await page.locator('.maplibregl-ctrl-group button').all()) {
      const size = await control.boundingBox();
      expect(size?.width).toBeGreaterThanOrEqual(44);
      expect(size?.height).toBeGreaterThanOrEqual(44);
      expect(size!.y + size!.height).toBeLessThanOrEqual(tabBar!.y);
    }
    await expectClean(opened);
    await opened.context.close();
  });

  it('marks the Map tab when the map moved while the chat was shown; a fly-to lands in its middle', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      viewport: phoneViewport,
      // The camera flies here, as for most people (other tests open preferring reduced motion).
      motion: 'no-preference',
    });
    const { page } = opened;
    await settle(page);
    const mapTab = page.getByRole('tab', { name: /Map/ });
    expect(await page.locator('.app-tab-dot').isVisible()).toBe(false);
    await ask(page, 'Zoom to California');
    await page.locator('.mw-answer', { hasText: 'Here is California' }).waitFor();
    await waitForIdle(page);
    expect(await page.locator('.app-tab-dot').isVisible()).toBe(true);
    expect(await mapTab.getAttribute('aria-label')).toBeNull();
    expect(await mapTab.textContent()).toBe('Map (changed)');

    await mapTab.click();
    await settle(page);
    expect(await page.locator('.app-tab-dot').isVisible()).toBe(false);
    const california = await whereOnScreen(page, CALIFORNIA);
    expect(california.inMap).toBe(true);
    expect(Math.abs(california.x - california.centreX)).toBeLessThan(4);
    expect(Math.abs(california.y - california.centreY)).toBeLessThan(4);

    // A fit made while the chat is shown lands in the middle of the map shown afterwards: centred across,
    // and lowered by half the band of panels over the map's top, past which a phone's fit pads.
    await page.getByRole('tab', { name: 'Chat' }).click();
    const fitted = await fitCaliforniaOnScreen(page);
    await mapTab.click();
    expect(Math.abs(fitted.x - fitted.centreX)).toBeLessThan(4);
    expect(fitted.y - fitted.centreY).toBeGreaterThan(-4);
    expect(fitted.y - fitted.centreY).toBeLessThan(80);
    await expectClean(opened);
    await opened.context.close();
  });
});

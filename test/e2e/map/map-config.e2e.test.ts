// How the built app copes with the publisher's configuration: a malformed app-config.json is explained
// field by field while the map still starts; an online basemap that fails gives way to the offline one
// with a notice; the system prompt is bundled, so a static host needs no system-prompt.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';
import { distDir } from '../../servers/static-server';
import { openPage, startAppHarness, type AppHarness, type PageUnderTest } from '../harness';

type Config = Record<string, unknown> & { datasets: Record<string, unknown>[] };

function shippedConfig(): Config {
  return JSON.parse(readFileSync(join(distDir, 'app-config.json'), 'utf8')) as Config;
}

/** Opens the app with `config` served as app-config.json and waits for the map's first idle. */
async function openWithConfig(harness: AppHarness, config: unknown): Promise<PageUnderTest> {
  const underTest = await openPage(harness.browser);
  await underTest.page.route('**/app-config.json', (route) =>
    route.fulfill({ body: JSON.stringify(config), contentType: 'application/json' }),
  );
  await underTest.page.goto(harness.appUrl);
  await underTest.page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
  return underTest;
}

async function bannerLines(page: PageUnderTest['page']): Promise<string[]> {
  return page.locator('.notice-banner li').allTextContents();
}

async function renderedCount(page: PageUnderTest['page'], layerId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const map = window.mapwright!.map!;
    await map.whenIdle();
    return map.renderedFeatureCount(id);
  }, layerId);
}

describe('app config in the browser', () => {
  let harness: AppHarness;
  let failingStyleServer: LoopbackServer;
  const styleRequests: string[] = [];

  beforeAll(async () => {
    harness = await startAppHarness();
    failingStyleServer = await startLoopbackServer((request, response) => {
      styleRequests.push(request.url ?? '');
      response.writeHead(500, { 'access-control-allow-origin': '*' }).end('broken');
    });
  });
  afterAll(async () => {
    await failingStyleServer?.stop();
    await harness?.close();
  });

  // Each test below loads the app once with a config that sets up two independent things to check (a
  // config is read at load, so every case costs a boot): eight boots became four.

  it('a host that ignores range requests still gets every layer drawn from its tile archives; the bundled system prompt needs no file', async () => {
    const underTest = await openPage(harness.browser);
    const { page } = underTest;
    const ranges: string[] = [];
    await page.route('**/*.pmtiles', (route) => {
      ranges.push(route.request().headers().range ?? '');
      const path = join(distDir, new URL(route.request().url()).pathname);
      return route.fulfill({ status: 200, path, contentType: 'application/octet-stream' });
    });
    const failed: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await renderedCount(page, 'land')).toBeGreaterThan(20);
    expect(await renderedCount(page, 'counties')).toBeGreaterThan(3000);
    expect(await bannerLines(page)).toEqual([]);
    // One request per archive: the whole file came back, so the other reads were slices of it.
    expect(ranges).toHaveLength(4);

    // The system prompt is the bundled one: no file fetched for it, nothing failed.
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    const prompt = await page.evaluate(() => window.mapwright!.systemPrompt());
    expect(prompt).toMatch(/^You are Mapwright/);
    expect(prompt).toContain('table and map layer `earthquakes`');
    expect(requested.filter((url) => url.includes('system-prompt'))).toEqual([]);
    expect(failed).toEqual([]);
    expect(underTest.pageErrors).toEqual([]);
    await underTest.context.close();
  });

  it('a config mixing tiled and untiled layers lists them as drawn, topmost first, fills under points; systemPromptUrl replaces the prompt', async () => {
    const config = shippedConfig();
    const airports = config.datasets.find((dataset) => dataset.id === 'airports')!;
    delete airports.tiles;
    config.systemPromptUrl = 'prompts/quakes.md';
    const underTest = await openPage(harness.browser);
    const { page, context, pageErrors } = underTest;
    await page.route('**/prompts/quakes.md', (route) =>
      route.fulfill({ body: 'You answer only about earthquakes.', contentType: 'text/markdown' }),
    );
    await page.route('**/app-config.json', (route) =>
      route.fulfill({ body: JSON.stringify(config), contentType: 'application/json' }),
    );
    await page.goto(harness.appUrl);
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await renderedCount(page, 'airports')).toBeGreaterThan(3000);
    const panel = await page.locator('.layer-panel li').allTextContents();
    const position = (text: string): number => panel.findIndex((line) => line.includes(text));
    expect(position('US airports')).toBeLessThan(position('Earthquakes'));
    expect(position('Earthquakes')).toBeLessThan(position('US counties'));
    const drawn = await page.evaluate(() =>
      window
        .mapwright!.map!.map.getLayersOrder()
        .filter((id) => !['background', 'land', 'borders'].includes(id)),
    );
    expect(drawn).toEqual(['counties', 'earthquakes', 'airports']);

    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    expect(await page.evaluate(() => window.mapwright!.systemPrompt())).toMatch(
      /^You answer only about earthquakes\.\n\n## Datasets/,
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a missing tile archive leaves its layer empty with a notice; an online basemap that fails falls back to the offline one and says so; the rest of the map draws', async () => {
    const config = shippedConfig();
    const counties = config.datasets.find((dataset) => dataset.id === 'counties')!;
    counties.tiles = 'data/tiles/missing.pmtiles';
    const styleUrl = `${failingStyleServer.url}/style.json`;
    config.basemap = { kind: 'style', url: styleUrl };
    const { page, context, pageErrors, outsideRequests } = await openWithConfig(harness, config);
    const lines = await bannerLines(page);
    expect(lines.join('\n')).toMatch(
      /The layer '.*[Cc]ount.*' could not load \(.*404.*\); the rest of the map works\./,
    );
    expect(await renderedCount(page, 'counties')).toBe(0);
    expect(styleRequests).toContain('/style.json');
    expect(lines).toContainEqual(
      `The online basemap ${styleUrl} could not be loaded (HTTP 500); showing the offline basemap instead.`,
    );
    expect(await renderedCount(page, 'land')).toBeGreaterThan(20);
    expect(await renderedCount(page, 'earthquakes')).toBeGreaterThan(1000);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    await context.close();
  });

  it('a malformed config names each wrong field and why, and the map still starts; a missing systemPromptUrl falls back with a notice', async () => {
    const config = shippedConfig();
    config.initialView = { center: [-98, 38], zoom: 'far' };
    config.datasets[1] = { ...config.datasets[1], source: { url: 'x.xlsx', format: 'xlsx' } };
    config.systemPromptUrl = 'prompts/quakes.md';
    const { page, context, pageErrors } = await openWithConfig(harness, config);
    await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
    const lines = await bannerLines(page);
    expect(lines[0]).toContain('app-config.json has problems');
    expect(lines).toContainEqual(
      expect.stringMatching(/^initialView\.zoom: must be a number, not "far"/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^datasets\[1\]\.source\.format: must be one of .*not "xlsx"/),
    );
    // The wrong dataset (airports) is skipped; the others are drawn.
    expect(await renderedCount(page, 'earthquakes')).toBeGreaterThan(1000);
    expect(await renderedCount(page, 'counties')).toBeGreaterThan(3000);
    expect(await page.evaluate(() => window.mapwright!.map!.getLayer('airports'))).toBeUndefined();

    expect(await bannerLines(page)).toContainEqual(
      expect.stringContaining('systemPromptUrl prompts/quakes.md could not be loaded (HTTP 404)'),
    );
    expect(await page.evaluate(() => window.mapwright!.systemPrompt())).toMatch(
      /^You are Mapwright/,
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

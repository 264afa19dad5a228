// `npm run screenshots`: saves the app's main views to docs/screenshots/ as
// `<view>-<desktop|phone|embed>-<light|dark>.png`, driven as a person would with the fake LLM on
// loopback; `embed` is the app in a 400×600 frame. `npm run screenshots -- report map-history embed`
// saves only the views named. Builds the app first when dist/ is missing.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAppHarness } from '../test/e2e/harness';
import {
  desktopViewport,
  openFirstRun,
  openShowcase,
  phoneViewport,
  showAnswer,
  showApprovalCard,
  showChatTab,
  showMapTab,
  showSettings,
  showcaseScript,
} from '../test/e2e/showcase';
import { startFakeLlm, type FakeLlm } from '../test/servers/fake-llm/fake-llm-server';
import type { Page } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputFolder = `${root}docs/screenshots`;
const sizes = { desktop: desktopViewport, phone: phoneViewport } as const;
/** A page's sidebar frame showing the app (docs/configuration.md, "Publish"). */
const embedViewport = { width: 400, height: 600 };
const schemes = ['light', 'dark'] as const;
/** The views asked for on the command line (`embed`: the views in a frame); none means every view. */
const onlyViews = new Set(process.argv.slice(2));
const onlyEmbed = onlyViews.size === 1 && onlyViews.has('embed');

async function save(page: Page, view: string, size: string, scheme: string): Promise<void> {
  const asked = onlyViews.has(view) || (size === 'embed' && onlyViews.has('embed'));
  if (onlyViews.size > 0 && !asked) return;
  const path = `${outputFolder}/${view}-${size}-${scheme}.png`;
  // The caret blinks and animations run: hide both so runs compare.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  process.stdout.write(`saved ${path.slice(root.length)}\n`);
}

/** The earthquakes restyled by the model's set_style: Undo and "Restore the publisher's style" show. */
async function showMapHistory(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const tool = window.mapwright!.registry.get('set_style')!;
    await tool.execute(
      { layer: 'earthquakes', paint: { 'circle-color': '#16a34a', 'circle-radius': 7 } },
      { signal: new AbortController().signal },
    );
  });
  await page
    .getByRole('button', { name: "Restore the publisher's style of Earthquakes" })
    .waitFor();
}

/** The map zoomed onto the strongest earthquake, where the result's point lies on the quake's circle. */
async function showResultUpClose(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    const result = controller.listLayers().find((layer) => layer.id.startsWith('result-'));
    const features = result && (await controller.layerFeatures(result.id));
    const geometry = features?.features[0]?.geometry;
    if (geometry?.type !== 'Point') return;
    const [longitude = 0, latitude = 0] = geometry.coordinates;
    controller.jumpCamera({ center: [longitude, latitude], zoom: 4, bearing: 0, pitch: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await controller.whenIdle();
  });
}

/** Exports the conversation's report and opens the file, as someone it was sent to would. */
async function exportReport(page: Page, colorScheme: string): Promise<Page> {
  await page.getByRole('button', { name: 'Conversations', exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export report', exact: true }).click(),
  ]);
  await page.getByRole('button', { name: 'Conversations', exact: true }).click();
  const path = `${await file.path()}.html`;
  copyFileSync(await file.path(), path);
  // A context of its own, offline: the app's context lets nothing but loopback through.
  const reader = await page
    .context()
    .browser()!
    .newContext({
      viewport: page.viewportSize() ?? desktopViewport,
      colorScheme: colorScheme as 'light' | 'dark',
      offline: true,
      javaScriptEnabled: false,
    });
  const report = await reader.newPage();
  await report.goto(pathToFileURL(path).href);
  return report;
}

async function main(): Promise<void> {
  if (!existsSync(`${root}dist/index.html`)) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  mkdirSync(outputFolder, { recursive: true });
  // The app as shipped: every bundled dataset, the flights table among them.
  const harness = await startAppHarness({ datasets: 'shipped' });
  // The script reads the requests back for the result id, once the fake has started.
  const fake: FakeLlm = await startFakeLlm({ script: showcaseScript(() => fake.requests) });
  try {
    // The app in a small frame: the card with its SQL and actions, then the answer.
    for (const colorScheme of schemes) {
      const options = { viewport: embedViewport, colorScheme };
      const { page, context } = await openShowcase(
        harness.browser,
        harness.appUrl,
        fake.url,
        options,
      );
      await showApprovalCard(page);
      await save(page, 'approval', 'embed', colorScheme);
      await showAnswer(page);
      await save(page, 'conversation', 'embed', colorScheme);
      await context.close();
    }
    for (const [size, viewport] of Object.entries(onlyEmbed ? {} : sizes)) {
      for (const colorScheme of schemes) {
        const options = { viewport, colorScheme };
        const firstRun = await openFirstRun(harness.browser, harness.appUrl, options);
        await save(firstRun.page, 'first-run', size, colorScheme);
        await firstRun.context.close();

        const { page, context } = await openShowcase(
          harness.browser,
          harness.appUrl,
          fake.url,
          options,
        );
        await showApprovalCard(page);
        await save(page, 'approval', size, colorScheme);
        await showAnswer(page);
        await save(page, 'conversation', size, colorScheme);
        if (size === 'desktop') {
          // The result up close, over the earthquakes it was drawn from.
          await showResultUpClose(page);
          await save(page, 'result', size, colorScheme);
          await page.evaluate(() => window.mapwright!.map!.jumpCamera(undefined));
          // A layer's options open: order, opacity and removal.
          const options = page.getByRole('button', { name: 'Options for Strongest earthquakes' });
          await options.click();
          await save(page, 'layers', size, colorScheme);
          await options.click();
          await showMapHistory(page);
          await save(page, 'map-history', size, colorScheme);
          await page.getByRole('button', { name: 'Undo the last map change' }).click();
          const report = await exportReport(page, colorScheme);
          await save(report, 'report', size, colorScheme);
          await report.context().close();
        }
        if (size === 'phone') {
          await showMapTab(page);
          await save(page, 'map', size, colorScheme);
          await showChatTab(page);
        }
        await showSettings(page);
        await save(page, 'settings', size, colorScheme);
        // The lower half of the settings, each section scrolled to the top of the dialog.
        for (const [view, section] of [
          ['settings-credentials', '.mw-credential-settings'],
          ['settings-servers', '.mw-mcp-settings'],
        ] as const) {
          await page.locator(section).evaluate((found) => found.scrollIntoView({ block: 'start' }));
          await save(page, view, size, colorScheme);
        }
        await context.close();
      }
    }
  } finally {
    await Promise.allSettled([harness.close(), fake.stop()]);
  }
}

await main();

// `npm run screenshots`: saves the app's main views to docs/screenshots/ as
// `<view>-<desktop|phone|embed>-<light|dark>.png`, driven as a person would with the fake LLM on
// loopback; `embed` is the app in a 400×600 frame. `npm run screenshots -- embed` saves only those.
// Builds the app first when dist/ is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
const onlyEmbed = process.argv[2] === 'embed';
const schemes = ['light', 'dark'] as const;

async function save(page: Page, view: string, size: string, scheme: string): Promise<void> {
  const path = `${outputFolder}/${view}-${size}-${scheme}.png`;
  // The caret blinks and animations run: hide both so runs compare.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  process.stdout.write(`saved ${path.slice(root.length)}\n`);
}

async function main(): Promise<void> {
  if (!existsSync(`${root}dist/index.html`)) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  mkdirSync(outputFolder, { recursive: true });
  const harness = await startAppHarness();
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
          // A layer's options open: order, opacity and removal.
          const options = page.getByRole('button', { name: 'Options for Strongest earthquakes' });
          await options.click();
          await save(page, 'layers', size, colorScheme);
          await options.click();
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

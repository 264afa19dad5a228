// Bring your own data without hand-written JSON: `npm run add-dataset` adds a CSV of 6,000 points to a
// copy of the built app, and a visitor sees its layer (drawn from the tiles it cut) and gets an answer
// from SQL over it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type AppCopy } from '../../servers/app-copy';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { ask, openChat, waitForIdle } from '../chat-page';
import { lightConfig } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const COUNTED = 'SELECT count(*) AS harbours, max(depth_m) AS deepest FROM harbours';

/** 6,000 harbours on a grid off California, 0 to 36 m deep: past the size where tiles are cut. */
function harboursCsv(): string {
  const lines = ['name,lon,lat,depth_m'];
  for (let index = 0; index < 6000; index += 1) {
    const lon = (-125 + (index % 100) * 0.05).toFixed(3);
    const lat = (32 + Math.floor(index / 100) * 0.05).toFixed(3);
    lines.push(`Harbour ${index},${lon},${lat},${index % 37}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('a dataset added with npm run add-dataset', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let copy: AppCopy;
  let server: LoopbackServer;
  let sourceFolder: string;
  beforeAll(async () => {
    [browser, fake, copy] = await Promise.all([
      launchBrowser(),
      startFakeLlm({
        script: {
          rules: [
            {
              user: 'deepest harbour',
              reply: { toolCalls: [{ name: 'query', arguments: { sql_query: COUNTED } }] },
            },
            {
              user: 'deepest harbour',
              toolResult: '6000',
              reply: { text: 'There are **6000 harbours**; the deepest is 36 m.' },
            },
          ],
        },
      }),
      copyApp(),
    ]);
    await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(await lightConfig()));
    sourceFolder = await mkdtemp(join(tmpdir(), 'mapwright-harbours-'));
    const csv = join(sourceFolder, 'harbours.csv');
    await writeFile(csv, harboursCsv());
    await promisify(execFile)(
      process.execPath,
      [
        join('node_modules', 'tsx', 'dist', 'cli.mjs'),
        'scripts/add-dataset.ts',
        csv,
        '--id',
        'harbours',
        '--title',
        'Harbours',
        '--into',
        copy.root,
      ],
      { timeout: 120_000 },
    );
    server = await startStaticServer(copy.root);
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([
      browser?.close(),
      fake?.stop(),
      server?.stop(),
      copy?.remove(),
      rm(sourceFolder, { recursive: true, force: true }),
    ]);
  });

  it('draws its layer from the cut tiles and answers a question with SQL over it', async () => {
    const opened = await openChat(browser, `${server.url}/`, { endpoint: fake.url });
    const { page } = opened;
    await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 });
    expect(await page.locator('.notice-banner li[data-kind="config"]').count()).toBe(0);
    const layer = await page.evaluate(async () => {
      const map = window.mapwright!.map!;
      await map.whenIdle();
      const source = map.map.getStyle().sources.harbours as { type: string; url?: string };
      return { drawn: map.renderedFeatureCount('harbours'), source };
    });
    expect(layer.drawn).toBeGreaterThan(100);
    expect(layer.source.url).toMatch(/harbours\.pmtiles$/);

    await ask(page, 'Which is the deepest harbour?');
    const card = page.locator('.mw-approval-card').last();
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page
      .locator('.mw-answer strong', { hasText: '6000 harbours' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });
});

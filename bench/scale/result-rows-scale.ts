// Every row of a result as it grows: an approved query of 1k, 100k and 10M rows in the built app (real
// DuckDB-WASM, headless Chromium), then its table. Prints, per size, the time from Approve to the first
// rows drawn (the query, keeping its whole result in the engine, the first page), a page read from
// anywhere in the result after a jump, sorting the whole result descending, and the work of the worst
// frame while the table jumps about (the rows not read yet draw empty; the frame never waits for them).
// Each run opens a fresh page, so the engine's memory starts empty; medians of SCALE_RESULT_RUNS (3).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ask, openChat, waitForIdle } from '../../test/e2e/chat-page';
import { startAppHarness } from '../../test/e2e/harness';
import { startFakeLlm } from '../../test/servers/fake-llm/fake-llm-server';
import { distDir } from '../../test/servers/static-server';
import { median, percentile } from '../statistics';
import type { FakeLlmRule } from '../../test/servers/fake-llm/fake-llm-script';
import type { Locator, Page } from 'playwright-core';

/** Sizes of the curve, each with the words of the question that asks for it. */
const sizes: { rows: number; label: string; words: string }[] = [
  { rows: 1_000, label: '1k', words: 'one thousand numbers' },
  { rows: 100_000, label: '100k', words: 'a hundred thousand numbers' },
  { rows: 10_000_000, label: '10M', words: 'ten million numbers' },
];
const runs = Number(process.env.SCALE_RESULT_RUNS ?? 3);
const JUMPS = 10;

function rules(): FakeLlmRule[] {
  return sizes.flatMap(({ rows, words }) => [
    {
      user: words,
      reply: {
        toolCalls: [
          {
            name: 'query',
            arguments: { sql_query: `SELECT range AS n, range % 10 AS digit FROM range(${rows})` },
          },
        ],
      },
    },
    { user: words, toolResult: '', reply: { text: `All ${rows} of them.` } },
  ]);
}

/** Runs in the page, as text: frames that each jump to another part of the table; their work. */
const jumpFramesScript = `(async () => {
  const scroller = [...document.querySelectorAll('.mw-result-table .mw-table-scroll')].at(-1);
  const work = [];
  await new Promise((done) => {
    const channel = new MessageChannel();
    let frame = 0;
    let started = 0;
    channel.port1.onmessage = () => work.push(performance.now() - started);
    const tick = () => {
      started = performance.now();
      if (frame >= 60) return done();
      frame += 1;
      scroller.scrollTop = ((frame * 0.618034) % 1) * (scroller.scrollHeight - scroller.clientHeight);
      channel.port2.postMessage(0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return work;
})()`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Waits for the row drawn for `index` with its data (not an empty row still being read). */
function rowArrived(table: Locator, index: number): Promise<void> {
  return table
    .locator(`tr[data-row="${index}"]:not(.mw-table-reading)`)
    .first()
    .waitFor({ timeout: 120_000 });
}

interface SizeFigures {
  firstPage: number;
  jumpPage: number;
  sort: number;
  worstFrame: number;
  p95Frame: number;
}

async function measure(page: Page, rows: number, words: string): Promise<SizeFigures> {
  await ask(page, `Show me ${words}.`);
  const card = page.locator('.mw-approval-card');
  await card.waitFor({ timeout: 120_000 });
  const table = page
    .locator('.mw-result-table')
    .nth(await page.locator('.mw-result-table').count());
  const firstPage = await timed(async () => {
    await card.getByRole('button', { name: 'Approve query' }).click();
    await rowArrived(table, 0);
  });
  await waitForIdle(page);
  const scroller = table.locator('.mw-table-scroll');
  const jumps: number[] = [];
  for (let jump = 1; jump <= JUMPS; jump += 1) {
    const fraction = (jump * 0.754878) % 1;
    const near = Math.floor(fraction * rows);
    jumps.push(
      await timed(async () => {
        await scroller.evaluate(
          (node, to) => (node.scrollTop = to * (node.scrollHeight - node.clientHeight)),
          fraction,
        );
        // Drawn there, every row with its data: read from the engine if the page held none of them.
        // A string, so tsx's \`__name\` wrapper of named functions stays out of the page.
        const slack = Math.max(40, Math.ceil(rows / 1000));
        await page.evaluate(`new Promise((done) => {
          const node = [...document.querySelectorAll('.mw-result-table .mw-table-scroll')].at(-1);
          const check = () => {
            const drawn = [...node.querySelectorAll('tbody tr[data-row]')];
            const there = drawn.some((row) => Math.abs(Number(row.dataset.row) - ${near}) <= ${slack});
            if (there && !node.querySelector('tr.mw-table-reading')) done();
            else requestAnimationFrame(check);
          };
          check();
        })`);
      }),
    );
  }
  const work = (await page.evaluate(jumpFramesScript)) as number[];
  await scroller.evaluate((node) => (node.scrollTop = 0));
  const heading = table.getByRole('button', { name: 'n', exact: true });
  await heading.click();
  await rowArrived(table, 0);
  const sort = await timed(async () => {
    await heading.click();
    await table
      .locator('tr[data-row="0"] td')
      .first()
      .filter({ hasText: (rows - 1).toLocaleString('en-US') })
      .waitFor({ timeout: 120_000 });
  });
  return {
    firstPage,
    jumpPage: median(jumps),
    sort,
    worstFrame: Math.max(...work),
    p95Frame: percentile(work, 0.95),
  };
}

/** Prints result_first_page_ms_at_N, result_jump_page_ms_at_N, result_sort_ms_at_N and frame work. */
export async function runResultRowsScale(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(
      `No build at ${distDir}: run \`npx vite build\` (or set MAPWRIGHT_DIST) first.`,
    );
  const fake = await startFakeLlm({ script: { rules: rules() } });
  const harness = await startAppHarness();
  const figures = new Map<string, SizeFigures[]>();
  try {
    for (let run = 0; run < runs; run += 1) {
      const opened = await openChat(harness.browser, harness.appUrl, { endpoint: fake.url });
      for (const { rows, label, words } of sizes) {
        const measured = await measure(opened.page, rows, words);
        figures.set(label, [...(figures.get(label) ?? []), measured]);
        console.log(
          `# run ${run + 1} ${label}: ${Object.entries(measured)
            .map(([key, value]) => `${key}=${value.toFixed(1)}`)
            .join(' ')}`,
        );
      }
      await opened.context.close();
    }
  } finally {
    await Promise.allSettled([harness.close(), fake.stop()]);
  }
  for (const { label } of sizes) {
    const all = figures.get(label) ?? [];
    const of = (key: keyof SizeFigures) => median(all.map((figure) => figure[key]));
    console.log(`result_first_page_ms_at_${label}=${Math.round(of('firstPage'))}`);
    console.log(`result_jump_page_ms_at_${label}=${Math.round(of('jumpPage'))}`);
    console.log(`result_sort_ms_at_${label}=${Math.round(of('sort'))}`);
    console.log(`result_worst_frame_ms_at_${label}=${of('worstFrame').toFixed(1)}`);
    console.log(`result_frame_ms_p95_at_${label}=${of('p95Frame').toFixed(1)}`);
  }
}

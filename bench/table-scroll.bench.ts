// `npm run bench -- table-scroll`: a 100,000-row result table in the built app (MAPWRIGHT_DIST or
// dist/) under Chromium, scrolled by script one step per frame. Prints table_scroll_frame_ms_median and
// _p95 (the work of one frame: from its animation-frame callbacks through style, layout and paint, up
// to the task after it), table_scroll_interval_ms_median (time between frames) and the most rows the
// table held in the DOM. Target: median frame under 16 ms.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ask, openChat, waitForIdle } from '../test/e2e/chat-page';
import { startAppHarness } from '../test/e2e/harness';
import { registerResultFixtures } from '../test/e2e/result-fixtures';
import { startFakeLlm } from '../test/servers/fake-llm/fake-llm-server';
import { distDir } from '../test/servers/static-server';

/** Frames scrolled; each moves the table by STEP pixels (about 40 rows: every frame draws new rows). */
const FRAMES = Number(process.env.TABLE_BENCH_FRAMES ?? 300);
const STEP = 1_200;

/** Runs in the page, as text (no bundler helpers cross over). */
const scrollScript = `(async () => {
  const scroller = [...document.querySelectorAll('.mw-result-table .mw-table-scroll')].at(-1);
  const body = scroller.querySelector('tbody');
  const work = [];
  const intervals = [];
  let mostRows = 0;
  let previous;
  await new Promise((done) => {
    const channel = new MessageChannel();
    let frame = 0;
    let started = 0;
    channel.port1.onmessage = () => {
      work.push(performance.now() - started);
      mostRows = Math.max(mostRows, body.rows.length);
    };
    const tick = (time) => {
      started = performance.now();
      if (previous !== undefined) intervals.push(time - previous);
      previous = time;
      if (frame >= ${FRAMES}) return done();
      frame += 1;
      scroller.scrollTop = (scroller.scrollTop + ${STEP}) % (scroller.scrollHeight - scroller.clientHeight);
      // Answered after this frame's rendering steps: the time to it is the frame's work.
      channel.port2.postMessage(0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return { work, intervals, mostRows };
})()`;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Runs the bench and prints its figures. */
export async function run(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run npx vite build first.`);
    process.exit(1);
  }
  const fake = await startFakeLlm({
    script: {
      rules: [
        {
          user: 'every reading',
          reply: { toolCalls: [{ name: 'fixture_rows', arguments: { name: 'big' } }] },
        },
        { user: 'every reading', toolResult: '', reply: { text: 'Here they are.' } },
      ],
    },
  });
  const harness = await startAppHarness();
  try {
    const opened = await openChat(harness.browser, harness.appUrl, { endpoint: fake.url });
    await registerResultFixtures(opened.page);
    await ask(opened.page, 'Show every reading');
    await waitForIdle(opened.page);
    await opened.page.locator('.mw-result-table tbody tr').first().waitFor();
    const { work, intervals, mostRows } = (await opened.page.evaluate(scrollScript)) as {
      work: number[];
      intervals: number[];
      mostRows: number;
    };
    console.log(`table_rows=100000`);
    console.log(`table_scroll_frames=${work.length}`);
    console.log(`table_scroll_frame_ms_median=${percentile(work, 0.5).toFixed(1)}`);
    console.log(`table_scroll_frame_ms_p95=${percentile(work, 0.95).toFixed(1)}`);
    console.log(`table_scroll_interval_ms_median=${percentile(intervals, 0.5).toFixed(1)}`);
    console.log(`table_rows_in_dom_max=${mostRows}`);
    await opened.context.close();
  } finally {
    await Promise.allSettled([harness.close(), fake.stop()]);
  }
}

// `npm run bench -- chat`: the chat in the built app (MAPWRIGHT_DIST or dist/) under Chromium, against an
// instrumented OpenAI-compatible stream on loopback. Prints first_token_visible_ms (in a new conversation
// and in ones of 10 and 500 turns), stream_render_fps and turn_append_ms_at_500_turns. CHAT_BENCH_TOKENS shortens the 20,000-token stream for a quick run;
// CHAT_BENCH_TURNS seeds another number of turns (each with a 5-row query result) than 500.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asMostPeople, openPage, startAppHarness, type PageUnderTest } from '../test/e2e/harness';
import { startLoopbackServer, type LoopbackServer } from '../test/servers/loopback';
import { distDir } from '../test/servers/static-server';
import { seedConversation } from './conversation.bench';
import type { IncomingMessage, ServerResponse } from 'node:http';

const now = (): number => performance.timeOrigin + performance.now();

/** What the next chat request streams. */
export interface Plan {
  tokens: string[];
  tokensPerSecond: number;
  /** Pause before the first token, so the page is idle when it arrives. */
  leadMs: number;
  firstTokenSentAt?: number;
  done?: Promise<void>;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** An OpenAI-compatible stream on loopback that sends whatever `plan.current` holds. */
export function startStream(plan: { current: Plan }): Promise<LoopbackServer> {
  return startLoopbackServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    request.resume();
    request.on('end', () => {
      const current = plan.current;
      response.writeHead(200, {
        ...cors,
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
      });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(chunk({ role: 'assistant', content: '' }));
      current.done = (async () => {
        await new Promise((resolve) => setTimeout(resolve, current.leadMs));
        const interval = 1_000 / current.tokensPerSecond;
        const start = now();
        for (const [index, token] of current.tokens.entries()) {
          const due = start + index * interval;
          const wait = due - now();
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
          if (index === 0) current.firstTokenSentAt = now();
          response.write(chunk({ content: token }));
        }
        response.write(chunk({}, 'stop'));
        response.end('data: [DONE]\n\n');
      })();
    });
  });
}

function answerTokens(count: number): string[] {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index % 60 === 59) tokens.push('\n\n');
    else if (index % 400 === 200) tokens.push('\n\n```sql\nSELECT mag FROM earthquakes\n```\n\n');
    else if (index % 300 === 100) tokens.push('\n\n- a list item with **bold**\n- another\n\n');
    else tokens.push(`word${index} `);
  }
  return tokens;
}

/** Points the page's chat at `endpoint` and opens the app until the chat is ready. */
export async function openChat(
  opened: PageUnderTest,
  appUrl: string,
  endpoint: string,
): Promise<void> {
  const settings = { provider: 'local', endpoint, model: 'bench', keyPersistence: 'session' };
  await opened.page.addInitScript(
    (value) => localStorage.setItem('mapwright.llm', value),
    JSON.stringify(settings),
  );
  await opened.page.goto(appUrl);
  await opened.page.waitForSelector('#chat[data-chat-ready="true"]');
}

async function ask(opened: PageUnderTest, question: string): Promise<void> {
  await opened.page.fill('.mw-input', question);
  await opened.page.press('.mw-input', 'Enter');
}

async function firstTokenVisible(
  opened: PageUnderTest,
  plan: { current: Plan },
  runs = 5,
): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const marker = `FIRST${run}TOKEN`;
    plan.current = { tokens: [marker, ' and the rest.'], tokensPerSecond: 50, leadMs: 300 };
    await opened.page.evaluate((text) => {
      const target = document.querySelector('.mw-log') ?? document.body;
      // Only the newest turn (the log's last child) is read: the text of the whole log would cost the
      // measurement itself several milliseconds a mutation in a conversation of 500 turns.
      const observer = new MutationObserver(() => {
        if (target.lastElementChild?.textContent?.includes(text)) {
          (window as unknown as { __seenAt: number }).__seenAt =
            performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      });
      observer.observe(target, { childList: true, subtree: true, characterData: true });
    }, marker);
    await ask(opened, `first token ${run}`);
    await opened.page.waitForFunction(
      () => (window as unknown as { __seenAt?: number }).__seenAt !== undefined,
    );
    const seenAt = await opened.page.evaluate(
      () => (window as unknown as { __seenAt: number }).__seenAt,
    );
    await opened.page.evaluate(() => delete (window as unknown as { __seenAt?: number }).__seenAt);
    samples.push(seenAt - (plan.current.firstTokenSentAt ?? seenAt));
    await plan.current.done;
    await opened.page.waitForSelector('.mw-chat[data-status="idle"]');
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

/** Frames drawn while an answer streams: the rate, and the intervals between frames. */
export interface StreamFrames {
  fps: number;
  intervalsMs: number[];
}

/** Streams a `tokens`-token answer at 200 tokens a second and records every animation frame meanwhile. */
export async function streamFrames(
  opened: PageUnderTest,
  plan: { current: Plan },
  tokens: number,
): Promise<StreamFrames> {
  plan.current = { tokens: answerTokens(tokens), tokensPerSecond: 200, leadMs: 100 };
  // A string, so the bundler's helpers (tsx adds __name to named functions) stay out of the page.
  await opened.page.evaluate(`(() => {
    const state = { stamps: [], running: true };
    window.__frames = state;
    const tick = (time) => {
      state.stamps.push(time);
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = now();
  await ask(opened, 'a long answer please');
  await opened.page.waitForSelector('.mw-chat[data-status="idle"]', {
    timeout: (tokens / 200) * 1_000 + 60_000,
  });
  const elapsed = (now() - started) / 1_000;
  const stamps = await opened.page.evaluate(() => {
    const state = (window as unknown as { __frames: { stamps: number[]; running: boolean } })
      .__frames;
    state.running = false;
    return state.stamps;
  });
  return {
    fps: stamps.length / elapsed,
    intervalsMs: stamps.slice(1).map((stamp, index) => stamp - (stamps[index] ?? stamp)),
  };
}

async function streamFps(
  opened: PageUnderTest,
  plan: { current: Plan },
  tokens: number,
): Promise<number> {
  return (await streamFrames(opened, plan, tokens)).fps;
}

/** Opens a seeded conversation of `turns` turns (each with a 5-row result) until every turn is drawn. */
async function openSeeded(opened: PageUnderTest, appUrl: string, turns: number): Promise<void> {
  await seedConversation(opened.page, turns, 5);
  await opened.page.goto(appUrl);
  await opened.page.waitForSelector('#chat[data-chat-ready="true"]');
  // The newest turns are drawn at once and the older ones just after (docs/performance.md).
  await opened.page.waitForFunction(
    (count) => document.querySelectorAll('.mw-turn').length >= count,
    turns,
  );
}

async function turnAppend(
  opened: PageUnderTest,
  appUrl: string,
  plan: { current: Plan },
): Promise<number> {
  // Seed a conversation of that many turns straight into IndexedDB, then reload so the app opens it.
  await openSeeded(opened, appUrl, appendTurns);
  const samples: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    plan.current = { tokens: [`Appended${run}`], tokensPerSecond: 1_000, leadMs: 0 };
    const marker = `Appended${run}`;
    const started = await opened.page.evaluate(() => performance.now());
    await ask(opened, `append ${run}`);
    await opened.page.waitForFunction(
      (text) =>
        document.querySelector('.mw-log > .mw-turn:last-child')?.textContent?.includes(text),
      marker,
    );
    const ended = await opened.page.evaluate(() => performance.now());
    await opened.page.waitForSelector('.mw-chat[data-status="idle"]');
    samples.push(ended - started);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

const appendTurns = Number(process.env.CHAT_BENCH_TURNS ?? 500);

/** Runs the three measurements and prints them. */
export async function run(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`No build at ${distDir}: run \`npm run build\` (or set MAPWRIGHT_DIST) first.`);
    process.exit(2);
  }
  const tokens = Number(process.env.CHAT_BENCH_TOKENS ?? 20_000);
  const plan: { current: Plan } = { current: { tokens: [], tokensPerSecond: 1, leadMs: 0 } };
  const [harness, stream] = await Promise.all([startAppHarness(), startStream(plan)]);
  try {
    const first = await openPage(harness.browser, asMostPeople);
    await openChat(first, harness.appUrl, stream.url);
    console.log(`first_token_visible_ms=${(await firstTokenVisible(first, plan)).toFixed(1)}`);
    await first.context.close();

    const second = await openPage(harness.browser, asMostPeople);
    await openChat(second, harness.appUrl, stream.url);
    console.log(`stream_render_fps=${(await streamFps(second, plan, tokens)).toFixed(1)}`);
    await second.context.close();

    // The stream goes through the conversation's document: a long one must not slow the first words.
    for (const turns of [10, 500]) {
      const seeded = await openPage(harness.browser, asMostPeople);
      await openChat(seeded, harness.appUrl, stream.url);
      await openSeeded(seeded, harness.appUrl, turns);
      console.log(
        `first_token_visible_ms_at_${turns}_turns=${(await firstTokenVisible(seeded, plan)).toFixed(1)}`,
      );
      await seeded.context.close();
    }

    const third = await openPage(harness.browser, asMostPeople);
    await openChat(third, harness.appUrl, stream.url);
    console.log(
      `turn_append_ms_at_${appendTurns}_turns=${(await turnAppend(third, harness.appUrl, plan)).toFixed(1)}`,
    );
    await third.context.close();
  } finally {
    await Promise.allSettled([harness.close(), stream.stop()]);
  }
}

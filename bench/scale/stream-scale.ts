// Frames while a long answer streams, at two answer lengths (5,000 and 20,000 tokens by default, at 200
// tokens a second, as bench/chat.bench.ts streams them): a flat curve means a later token costs what an
// early one did.
import { asMostPeople, openPage, startAppHarness } from '../../test/e2e/harness';
import { openChat, startStream, streamFrames, type Plan } from '../chat.bench';
import { median, percentile } from '../statistics';

/** Answer lengths in tokens (SCALE_STREAM_TOKENS overrides, comma-separated). */
const answerLengths = (process.env.SCALE_STREAM_TOKENS ?? '5000,20000').split(',').map(Number);

/** Prints stream_fps_at_N_tokens and the frame intervals' median and p95. */
export async function runStreamScale(): Promise<void> {
  const plan: { current: Plan } = { current: { tokens: [], tokensPerSecond: 1, leadMs: 0 } };
  const [harness, stream] = await Promise.all([startAppHarness(), startStream(plan)]);
  try {
    for (const tokens of answerLengths) {
      const opened = await openPage(harness.browser, asMostPeople);
      await openChat(opened, harness.appUrl, stream.url);
      const frames = await streamFrames(opened, plan, tokens);
      // The last quarter of the stream: the answer is longest there, so a cost that grows shows most.
      const lastQuarter = frames.intervalsMs.slice(Math.floor(frames.intervalsMs.length * 0.75));
      const name = `${tokens / 1000}k_tokens`;
      console.log(`stream_fps_at_${name}=${frames.fps.toFixed(1)}`);
      console.log(`stream_frame_ms_median_at_${name}=${median(frames.intervalsMs).toFixed(1)}`);
      console.log(
        `stream_frame_ms_p95_at_${name}=${percentile(frames.intervalsMs, 0.95).toFixed(1)}`,
      );
      console.log(
        `stream_frame_ms_p95_last_quarter_at_${name}=${percentile(lastQuarter, 0.95).toFixed(1)}`,
      );
      await opened.context.close();
    }
  } finally {
    await Promise.allSettled([harness.close(), stream.stop()]);
  }
}

// The reconnection's pace: backoff doubling up to a minute (never giving up by default), and a pause
// that a wake-up (the page shown again, the network back) cuts short.
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  FOREVER_RECONNECT,
  ReconnectSchedule,
} from '../../../src/mcp/connection/reconnect-schedule';

describe('the reconnect schedule', () => {
  it('doubles from 1 s to a minute and stays there, with no last attempt', () => {
    const delays = [1, 2, 3, 6, 7, 8, 100, 10_000].map((attempt) =>
      backoffDelay(FOREVER_RECONNECT, attempt),
    );
    expect(delays).toEqual([1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(FOREVER_RECONNECT.attempts).toBe(Number.POSITIVE_INFINITY);
  });

  it('ends a pause at once when woken, and says whether one was waiting', async () => {
    const schedule = new ReconnectSchedule();
    expect(schedule.wake()).toBe(false);
    const started = Date.now();
    const pause = schedule.wait(60_000);
    expect(schedule.wake()).toBe(true);
    await pause;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(schedule.wake()).toBe(false);
  });
});

// @vitest-environment jsdom
// While a failed model call waits to be tried again, the status line counts down to it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusLine } from '../../src/chat/status-line';

afterEach(() => {
  vi.useRealTimers();
});

describe('the status line during a retry', () => {
  it('counts down each second, names the attempt, and gives the status back when it ends', () => {
    vi.useFakeTimers({ now: 10_000 });
    const line = new StatusLine(() => undefined);
    const label = line.root.querySelector('.mw-status-text')!;
    line.set('processing');
    const status = label.textContent;
    line.showRetry({ attempt: 2, attempts: 3, resumesAt: 13_000 });
    expect(label.textContent).toBe('Retrying in 3 s (attempt 2 of 3)');
    vi.advanceTimersByTime(1000);
    expect(label.textContent).toBe('Retrying in 2 s (attempt 2 of 3)');
    // A status change meanwhile does not hide the countdown.
    line.set('processing');
    expect(label.textContent).toBe('Retrying in 2 s (attempt 2 of 3)');
    line.showRetry(undefined);
    expect(label.textContent).toBe(status);
    vi.advanceTimersByTime(5000);
    expect(label.textContent).toBe(status);
  });
});

// A page that comes back wakes the hub: shown again or back online, a reconnection tries at once.
import { describe, expect, it } from 'vitest';
import { wakeOnReturn } from '../../../src/mcp/connection/wake-on-return';

describe('wakeOnReturn', () => {
  function fakePage() {
    const document = Object.assign(new EventTarget(), {
      visibilityState: 'hidden' as DocumentVisibilityState,
    });
    const window = new EventTarget();
    return { document, window };
  }

  it('wakes when the page becomes visible or the network comes back, not when it is hidden', () => {
    const page = fakePage();
    let wakes = 0;
    const stop = wakeOnReturn(() => (wakes += 1), page as never);
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(wakes).toBe(0);
    page.document.visibilityState = 'visible';
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.window.dispatchEvent(new Event('online'));
    expect(wakes).toBe(2);
    stop();
    page.window.dispatchEvent(new Event('online'));
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(wakes).toBe(2);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultTable } from '../../src/results/result-table';

/** A ResizeObserver that says which elements it watches, and lets a test report a resize. */
class WatchingObserver {
  static live = new Set<WatchingObserver>();
  constructor(readonly callback: () => void) {}
  observe(): void {
    WatchingObserver.live.add(this);
  }
  disconnect(): void {
    WatchingObserver.live.delete(this);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  WatchingObserver.live.clear();
});

describe('a result table taken off the page', () => {
  it('stops watching its size and drops the frame it asked for', () => {
    vi.stubGlobal('ResizeObserver', WatchingObserver);
    const frames = new Map<number, () => void>();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(frames.size + 1, callback);
      return frames.size;
    });
    vi.stubGlobal('cancelAnimationFrame', (frame: number) => frames.delete(frame));
    const table = new ResultTable({
      resultId: 'r1',
      columns: ['id'],
      rows: [{ id: 1 }],
      totalRows: 1,
    });
    expect(WatchingObserver.live.size).toBe(1);
    // A resize asks for a frame to redraw the rows in view.
    for (const observer of WatchingObserver.live) observer.callback();
    expect(frames.size).toBe(1);
    table.destroy();
    expect(WatchingObserver.live.size).toBe(0);
    expect(frames.size).toBe(0);
  });
});

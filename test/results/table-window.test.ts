import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, sameWindow, tableWindow } from '../../src/results/table-window';

describe('the window of rows a virtualised table draws', () => {
  it('draws the rows in view plus a few either side, with spacers for the rest', () => {
    const window = tableWindow({
      scrollTop: 2_800,
      height: 300,
      rowHeight: 28,
      rowCount: 100_000,
      overscan: 5,
    });
    expect(window).toEqual({
      start: 95,
      end: 117,
      spaceBefore: 95 * 28,
      spaceAfter: (100_000 - 117) * 28,
    });
    // Spacers and rows add up to the whole table, so the scrollbar is true to the row count.
    expect(window.spaceBefore + (window.end - window.start) * 28 + window.spaceAfter).toBe(
      100_000 * 28,
    );
  });

  it('reaches the last row at the bottom and clamps a scroll past it', () => {
    const bottom = tableWindow({
      scrollTop: 99_990 * 28,
      height: 280,
      rowHeight: 28,
      rowCount: 100_000,
    });
    expect(bottom.end).toBe(100_000);
    expect(bottom.spaceAfter).toBe(0);
    const past = tableWindow({ scrollTop: 10_000_000, height: 280, rowHeight: 28, rowCount: 100 });
    expect(past.end).toBe(100);
    expect(past.start).toBeLessThan(100);
  });

  it('draws nothing for no rows, and everything for a short table', () => {
    expect(tableWindow({ scrollTop: 0, height: 300, rowHeight: 28, rowCount: 0 })).toEqual({
      start: 0,
      end: 0,
      spaceBefore: 0,
      spaceAfter: 0,
    });
    expect(tableWindow({ scrollTop: 0, height: 300, rowHeight: 28, rowCount: 4 })).toMatchObject({
      start: 0,
      end: 4,
    });
  });

  it('tells when a scroll needs no redraw', () => {
    const at = (scrollTop: number) =>
      tableWindow({ scrollTop, height: 280, rowHeight: 28, rowCount: 1_000 });
    expect(sameWindow(at(290), at(300))).toBe(true);
    expect(sameWindow(at(300), at(600))).toBe(false);
  });

  it('keeps 10 million rows within a height browsers can scroll, and still reaches the first and last', () => {
    const rows = 10_000_000;
    const at = (scrollTop: number) =>
      tableWindow({ scrollTop, height: 320, rowHeight: 28, rowCount: rows });
    const top = at(0);
    expect(top.start).toBe(0);
    expect(top.spaceBefore + (top.end - top.start) * 28 + top.spaceAfter).toBe(MAX_SCROLL_HEIGHT);
    const bottom = at(MAX_SCROLL_HEIGHT - 320);
    expect(bottom.end).toBe(rows);
    // The last row's bottom edge is the content's: it shows at the bottom of the viewport.
    expect(bottom.spaceBefore + (bottom.end - bottom.start) * 28).toBeLessThanOrEqual(
      MAX_SCROLL_HEIGHT,
    );
    expect(bottom.spaceBefore + (bottom.end - bottom.start) * 28).toBeGreaterThan(
      MAX_SCROLL_HEIGHT - 320,
    );
    const middle = at((MAX_SCROLL_HEIGHT - 320) / 2);
    expect(middle.start).toBeGreaterThan(rows / 2 - 50);
    expect(middle.end).toBeLessThan(rows / 2 + 50);
    expect(middle.end - middle.start).toBeLessThan(40);
  });
});

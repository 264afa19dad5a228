// The rows a virtualised table draws: with a fixed row height, the rows under the viewport (plus a few
// either side, so a quick scroll does not show a gap) and the empty space above and below them.

/** Rows drawn beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 8;

/**
 * The tallest a table's scrolling content is made, in pixels: browsers cap an element's height (Chromium
 * near 33.5 M px, Firefox near 17.9 M px), which 10 M rows of 28 px would pass. Past it, the scroll
 * position stands for a fraction of the rows instead of a pixel of them.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

/** The slice of rows to draw and the spacers that stand for the rest. */
export interface TableWindow {
  /** Index of the first row drawn. */
  start: number;
  /** Index after the last row drawn. */
  end: number;
  /** Height of the rows above the window, in pixels. */
  spaceBefore: number;
  /** Height of the rows below the window, in pixels. */
  spaceAfter: number;
}

/** Where the rows of a scroller stand: how far it is scrolled and how much of it shows. */
export interface TableViewport {
  scrollTop: number;
  height: number;
  rowHeight: number;
  rowCount: number;
  overscan?: number;
}

/** The window of rows to draw for a viewport. */
export function tableWindow(viewport: TableViewport): TableWindow {
  const { rowHeight, rowCount } = viewport;
  const overscan = viewport.overscan ?? OVERSCAN_ROWS;
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
  const scrollTop = Math.max(0, viewport.scrollTop);
  if (rowCount * rowHeight > MAX_SCROLL_HEIGHT) return scaledWindow(viewport, scrollTop, overscan);
  const first = Math.min(rowCount - 1, Math.floor(scrollTop / rowHeight));
  const visible = Math.ceil(Math.max(0, viewport.height) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(rowCount, first + visible + overscan);
  return {
    start,
    end,
    spaceBefore: start * rowHeight,
    spaceAfter: (rowCount - end) * rowHeight,
  };
}

// Too many rows for a pixel each: the scroll position is a fraction of the rows, and the rows drawn sit
// where the viewport is, the spacers filling the rest of MAX_SCROLL_HEIGHT.
function scaledWindow(viewport: TableViewport, scrollTop: number, overscan: number): TableWindow {
  const { rowHeight, rowCount } = viewport;
  const height = Math.max(0, viewport.height);
  const fullRows = Math.max(1, Math.floor(height / rowHeight));
  const scrollable = Math.max(1, MAX_SCROLL_HEIGHT - height);
  const top = Math.min(scrollTop, scrollable);
  const first = Math.round((top / scrollable) * Math.max(0, rowCount - fullRows));
  const start = Math.max(0, first - overscan);
  const end = Math.min(rowCount, first + fullRows + 1 + overscan);
  const spaceBefore = Math.max(0, top - (first - start) * rowHeight);
  return {
    start,
    end,
    spaceBefore,
    spaceAfter: Math.max(0, MAX_SCROLL_HEIGHT - spaceBefore - (end - start) * rowHeight),
  };
}

/** True when two windows draw the same rows (nothing to redraw). */
export function sameWindow(left: TableWindow, right: TableWindow): boolean {
  return left.start === right.start && left.end === right.end;
}

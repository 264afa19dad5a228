// The rows a virtualised table draws: with a fixed row height, the rows under the viewport (plus a few
// either side, so a quick scroll does not show a gap) and the empty space above and below them.

/** Rows drawn beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 8;

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

/** True when two windows draw the same rows (nothing to redraw). */
export function sameWindow(left: TableWindow, right: TableWindow): boolean {
  return left.start === right.start && left.end === right.end;
}

// The padding a fit to data leaves: 40 px on every side, and past the panels over the map (the layer
// panel and "Add data"), so a fitted result is not drawn under them. A panel column on the left pads the
// left; a band across the top (a phone's) pads the top. The padding never leaves less than a third of
// the map to fit into.

/** MapLibre's padding, in CSS pixels. */
export interface FitPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const margin = 40;

/** The rectangles of the map and of the panels over it, in page pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The padding for a map at `map` with `panels` over it. */
export function fitPadding(map: Rect, panels: Rect[]): FitPadding {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const padding = { top: margin, right: margin, bottom: margin, left: margin };
  for (const panel of panels) {
    const panelWidth = panel.right - panel.left;
    if (panelWidth <= 0 || panel.bottom <= panel.top) continue;
    if (panelWidth < width / 2) padding.left = Math.max(padding.left, panel.right - map.left + 20);
    else padding.top = Math.max(padding.top, panel.bottom - map.top + 20);
  }
  // Keep a third of the map for the data; below that, the plain margin.
  if (width - padding.left - padding.right < width / 3) padding.left = margin;
  if (height - padding.top - padding.bottom < height / 3) padding.top = margin;
  return padding;
}

// Small line icons drawn from path data, in the text colour: no icon font or image file to fetch, and
// nothing a strict CSP blocks.

const svgNamespace = 'http://www.w3.org/2000/svg';

/** Path data of the icons the page uses (24×24, stroked). */
export const lineIcons = {
  /** Four corners of a frame: fit the view to something. */
  frame: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  /** Three dots: more options. */
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
} as const;

/** A decorative (aria-hidden) stroked icon, `size` pixels square; the button around it carries the name. */
export function lineIcon(path: string, size = 16): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: String(size),
    height: String(size),
    'aria-hidden': 'true',
    focusable: 'false',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': path === lineIcons.more ? '3.5' : '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }))
    svg.setAttribute(name, value);
  const drawn = document.createElementNS(svgNamespace, 'path');
  drawn.setAttribute('d', path);
  svg.append(drawn);
  return svg;
}

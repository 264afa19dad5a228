// Plot draws a colour legend as HTML swatches beside the chart's SVG, which an image file cannot carry:
// for a file, the swatches are drawn again in SVG, in rows above the chart, inside one outer SVG.
import { CHARACTER_WIDTH } from '../tools/chart/bar-layout';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** Height of one row of swatches, in pixels. */
const ROW_HEIGHT = 18;
const SWATCH_SIZE = 10;

interface Swatch {
  fill: string;
  label: string;
}

function swatchesOf(chart: Element, className: string): Swatch[] {
  return [...chart.querySelectorAll(`.${className}-swatch`)].map((swatch) => ({
    fill: swatch.querySelector('svg')?.getAttribute('fill') ?? 'currentColor',
    label: swatch.textContent ?? '',
  }));
}

/**
 * The chart's SVG alone when `chart` has no swatch legend; else a new SVG, as wide, with the legend's
 * swatches in rows above a copy of the chart.
 */
export function svgWithLegend(
  chart: Element,
  svg: SVGSVGElement,
  className: string,
  doc: Document,
): SVGSVGElement {
  const swatches = swatchesOf(chart, className);
  if (swatches.length === 0) return svg;
  const width = Number(svg.getAttribute('width')) || 640;
  const height = Number(svg.getAttribute('height')) || 0;
  const make = (name: string, attributes: Record<string, string | number>): SVGElement => {
    const node = doc.createElementNS(SVG_NAMESPACE, name) as SVGElement;
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  };
  const legend = make('g', { 'font-size': 10, 'aria-hidden': 'true' });
  let x = 0;
  let row = 0;
  for (const { fill, label } of swatches) {
    const room = SWATCH_SIZE + 4 + Math.ceil(label.length * CHARACTER_WIDTH) + 14;
    if (x > 0 && x + room > width) {
      x = 0;
      row += 1;
    }
    const top = row * ROW_HEIGHT + 4;
    legend.append(make('rect', { x, y: top, width: SWATCH_SIZE, height: SWATCH_SIZE, fill }));
    const text = make('text', { x: x + SWATCH_SIZE + 4, y: top + SWATCH_SIZE - 1 });
    text.textContent = label;
    legend.append(text);
    x += room;
  }
  const legendHeight = (row + 1) * ROW_HEIGHT + 4;
  const whole = make('svg', {
    class: svg.getAttribute('class') ?? className,
    width,
    height: height + legendHeight,
    viewBox: `0 0 ${width} ${height + legendHeight}`,
    fill: 'currentColor',
    'font-family': 'system-ui, sans-serif',
    role: 'img',
    'aria-label': svg.getAttribute('aria-label') ?? '',
  }) as SVGSVGElement;
  const body = svg.cloneNode(true) as SVGSVGElement;
  body.setAttribute('y', String(legendHeight));
  body.removeAttribute('role');
  body.removeAttribute('aria-label');
  whole.append(legend, body);
  return whole;
}

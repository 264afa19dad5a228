// A drawn chart as files: the SVG as it is on screen, and a PNG made by drawing that SVG into a canvas
// (loaded as an image from a blob: URL, which the page's img-src allows).

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** The text colour and font written onto a standalone chart. */
export interface ChartInk {
  color: string;
  fontFamily: string;
}

/**
 * The chart's SVG as a standalone file: the page's stylesheet does not travel with it, so the text
 * colour, font and background the chart shows with (or the `ink` given) are written onto the copy.
 */
export function svgFileText(svg: SVGSVGElement, background: string, ink?: ChartInk): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const style = ink ?? getComputedStyle(svg);
  // As a namespace declaration, which serialisers know (a plain attribute is written twice by some).
  copy.setAttributeNS(XMLNS_NAMESPACE, 'xmlns', SVG_NAMESPACE);
  copy.setAttribute('color', style.color || 'black');
  copy.setAttribute('font-family', style.fontFamily || 'system-ui, sans-serif');
  // The hover tip is a moment on screen, not part of the chart.
  for (const tip of copy.querySelectorAll('[aria-label="tip"], .mw-plot-tip')) tip.remove();
  const backdrop = document.createElementNS(SVG_NAMESPACE, 'rect');
  backdrop.setAttribute('width', '100%');
  backdrop.setAttribute('height', '100%');
  backdrop.setAttribute('fill', background);
  copy.prepend(backdrop);
  return new XMLSerializer().serializeToString(copy);
}

/** The chart as an SVG file. */
export function svgBlob(svg: SVGSVGElement, background: string): Blob {
  return new Blob([svgFileText(svg, background)], { type: 'image/svg+xml' });
}

/** The chart as a PNG file at `scale` times its size on screen (sharp on high-density screens). */
export async function pngBlob(svg: SVGSVGElement, background: string, scale = 2): Promise<Blob> {
  const width = svg.width.baseVal.value || svg.getBoundingClientRect().width;
  const height = svg.height.baseVal.value || svg.getBoundingClientRect().height;
  const url = URL.createObjectURL(svgBlob(svg, background));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw into a canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

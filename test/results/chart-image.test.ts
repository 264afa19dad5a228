// @vitest-environment jsdom
// A chart drawn for a file: a standalone SVG in a data URI, its colour legend drawn inside it (Plot draws
// legends as HTML beside the chart, which an image cannot carry).
import { describe, expect, it } from 'vitest';
import { chartImage } from '../../src/results/chart-image';

function decodeDataUri(uri: string): string {
  const base64 = uri.replace(/^data:image\/svg\+xml;base64,/, '');
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

describe('a coloured chart drawn for a file', () => {
  it('carries its legend inside the SVG, one swatch per colour with its label', async () => {
    const image = await chartImage({
      kind: 'bar',
      resultId: 'q1',
      x: 'state',
      y: 'quakes',
      color: 'depth',
      rows: [
        { state: 'AK', quakes: 194, depth: 'deep' },
        { state: 'CA', quakes: 205, depth: 'shallow' },
      ],
    });
    const svg = decodeDataUri(image.dataUri);
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(parsed.querySelector('parsererror')).toBeNull();
    const legend = [...parsed.documentElement.children].find((child) => child.tagName === 'g');
    expect([...(legend?.querySelectorAll('text') ?? [])].map((text) => text.textContent)).toEqual([
      'deep',
      'shallow',
    ]);
    expect(legend?.querySelectorAll('rect')).toHaveLength(2);
    // The chart itself sits below the legend, whole.
    expect(parsed.documentElement.querySelector(':scope > svg')?.getAttribute('y')).toBe('22');
  });
});

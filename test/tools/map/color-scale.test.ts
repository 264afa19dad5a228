import { describe, expect, it } from 'vitest';
import { validatePaint } from '../../../src/map/layers/style-validation';
import { colorScale } from '../../../src/tools/map/color-scale';
import { noDataColor, resultPalette } from '../../../src/tools/map/result-palette';

describe('result colour scales', () => {
  const rows = [{ mag: 2 }, { mag: 4.5 }, { mag: 7 }, { mag: null }];

  it('ramps magnitudes from pale to the darkest colour of the result palette, nulls in grey', async () => {
    const palette = resultPalette(0);
    const scale = colorScale(rows, 'mag', palette);
    expect(scale).toEqual([
      'case',
      ['==', ['get', 'mag'], null],
      noDataColor,
      expect.arrayContaining(['interpolate', 7, palette.ramp.at(-1)]),
    ]);
    const interpolate = (scale as unknown[])[3] as unknown[];
    // The strongest value takes the darkest colour.
    expect(interpolate.at(-2)).toBe(7);
    expect(interpolate.at(-1)).toBe(palette.ramp.at(-1));
    expect(await validatePaint('circle', { 'circle-color': scale })).toEqual([]);
  });

  it('gives successive results different hues', () => {
    const first = colorScale(rows.slice(0, 3), 'mag', resultPalette(0));
    const second = colorScale(rows.slice(0, 3), 'mag', resultPalette(1));
    expect(JSON.stringify(first)).not.toBe(JSON.stringify(second));
    expect(resultPalette(0).color).not.toBe(resultPalette(1).color);
  });
});

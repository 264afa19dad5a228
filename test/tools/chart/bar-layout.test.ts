import { describe, expect, it } from 'vitest';
import { barLayout, categoriesInOrder, shortLabel } from '../../../src/tools/chart/bar-layout';

describe('bar chart layout', () => {
  it('keeps categories in the order of the rows (a ranking stays a ranking)', () => {
    expect(categoriesInOrder(['TX', 'CA', 'AK', 'CA'])).toEqual(['TX', 'CA', 'AK']);
  });

  it('keeps upright bars while short labels fit, and turns long or many labels sideways', () => {
    expect(barLayout(['AK', 'CA', 'TX'], 380, 236).orientation).toBe('vertical');
    const long = barLayout(['Los Angeles County', 'San Bernardino County', 'Riverside'], 380, 236);
    expect(long.orientation).toBe('horizontal');
    expect(long.marginLeft).toBeLessThanOrEqual(380 * 0.45);
    const many = barLayout(
      Array.from({ length: 40 }, (_unused, index) => `s${index}`),
      380,
      236,
    );
    expect(many.orientation).toBe('horizontal');
    expect(many.height).toBeGreaterThanOrEqual(40 * 18);
  });

  it('cuts a long label with an ellipsis', () => {
    expect(shortLabel('A county with a very long official name')).toBe('A county with a very lo…');
    expect(shortLabel('Short')).toBe('Short');
  });
});

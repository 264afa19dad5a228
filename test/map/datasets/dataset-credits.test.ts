import { describe, expect, it } from 'vitest';
import { datasetCredits } from '../../../src/map/datasets/dataset-credits';

describe('dataset credits', () => {
  it('lists each credit once, in config order, and skips datasets without one', () => {
    expect(
      datasetCredits([
        { attribution: 'USGS' },
        {},
        { attribution: ' Census Bureau ' },
        { attribution: 'USGS' },
      ]),
    ).toEqual(['USGS', 'Census Bureau']);
  });

  it('escapes markup, since the attribution control writes HTML', () => {
    expect(datasetCredits([{ attribution: '<img src=x onerror=alert(1)> & "Co"' }])).toEqual([
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;',
    ]);
  });
});

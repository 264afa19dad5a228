import { describe, expect, it } from 'vitest';
import { legendFromPaint } from '../../../src/map/layers/legend';

describe('legend from paint', () => {
  it('reads a step colour scale into ranges that match the paint', () => {
    const legend = legendFromPaint(
      'fill',
      { 'fill-color': ['step', ['get', 'score'], '#eee', 0.05, '#88f', 0.1, '#00f'] },
      'Score',
    );
    expect(legend).toEqual({
      title: 'Score (score)',
      entries: [
        { color: '#eee', label: '< 0.05' },
        { color: '#88f', label: '0.05 – 0.1' },
        { color: '#00f', label: '≥ 0.1' },
      ],
    });
  });

  it('reads interpolate stops and match categories', () => {
    expect(
      legendFromPaint(
        'circle',
        { 'circle-color': ['interpolate', ['linear'], ['get', 'mag'], 0, '#ff0', 7, '#f00'] },
        'M',
      )?.entries,
    ).toEqual([
      { color: '#ff0', label: '0' },
      { color: '#f00', label: '7' },
    ]);
    expect(
      legendFromPaint(
        'circle',
        { 'circle-color': ['match', ['get', 'type'], 'quarry blast', '#00f', '#999'] },
        'T',
      )?.entries,
    ).toEqual([
      { color: '#00f', label: 'quarry blast' },
      { color: '#999', label: 'other' },
    ]);
  });
});

describe('legend colours', () => {
  it('leaves out every entry whose colour is not a CSS colour, so no swatch can load a URL', () => {
    const legend = legendFromPaint(
      'circle',
      {
        'circle-color': [
          'match',
          ['get', 'type'],
          'a',
          'url(https://evil.example.com/p.png)',
          'b',
          '#00f',
          'c',
          'red; background-image: url(https://evil.example.com/q.png)',
          'var(--x)',
        ],
      },
      'T',
    );
    expect(legend?.entries).toEqual([{ color: '#00f', label: 'b' }]);
    expect(
      legendFromPaint('fill', { 'fill-color': 'url(https://evil.example.com/p.png)' }, 'F'),
    ).toBe(undefined);
  });
});

describe('legend labels people read', () => {
  const countiesPaint = {
    'fill-color': [
      'step',
      ['coalesce', ['get', 'unemployment_rate'], -1],
      '#d1d5db',
      0,
      '#f7fbff',
      0.04,
      '#c6dbef',
      0.1,
      '#08306b',
    ],
  };

  it('reads a rate column as percent and its missing values as "No data", never "< 0"', () => {
    expect(legendFromPaint('fill', countiesPaint, 'Unemployment')?.entries).toEqual([
      { color: '#f7fbff', label: '0% – 4%' },
      { color: '#c6dbef', label: '4% – 10%' },
      { color: '#08306b', label: '≥ 10%' },
      { color: '#d1d5db', label: 'No data' },
    ]);
  });

  it('keeps plain numbers for a column that is not a rate, or whose values pass 1', () => {
    const magnitudes = legendFromPaint(
      'circle',
      { 'circle-color': ['interpolate', ['linear'], ['get', 'mag'], 0, '#ff0', 0.5, '#f00'] },
      'M',
    );
    expect(magnitudes?.entries.map((entry) => entry.label)).toEqual(['0', '0.5']);
    const counts = legendFromPaint(
      'circle',
      { 'circle-color': ['interpolate', ['linear'], ['get', 'rate'], 0, '#ff0', 40, '#f00'] },
      'R',
    );
    expect(counts?.entries.map((entry) => entry.label)).toEqual(['0', '40']);
  });

  it('names the colour of rows with no value "No data" in a result scale', () => {
    const legend = legendFromPaint(
      'circle',
      {
        'circle-color': [
          'case',
          ['==', ['get', 'delay_share'], null],
          '#d9d9d9',
          [
            'interpolate',
            ['linear'],
            ['to-number', ['get', 'delay_share']],
            0.1,
            '#fcf',
            0.25,
            '#404',
          ],
        ],
      },
      'Late flights',
    );
    expect(legend).toEqual({
      title: 'Late flights (delay_share)',
      entries: [
        { color: '#fcf', label: '10%' },
        { color: '#404', label: '25%' },
        { color: '#d9d9d9', label: 'No data' },
      ],
    });
  });
});

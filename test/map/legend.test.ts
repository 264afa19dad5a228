import { describe, expect, it } from 'vitest';
import { legendFromPaint } from '../../src/map/legend';

describe('legend from paint', () => {
  it('reads a step colour scale into ranges that match the paint', () => {
    const legend = legendFromPaint(
      'fill',
      { 'fill-color': ['step', ['get', 'rate'], '#eee', 0.05, '#88f', 0.1, '#00f'] },
      'Rate',
    );
    expect(legend).toEqual({
      title: 'Rate (rate)',
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

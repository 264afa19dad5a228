import { describe, expect, it } from 'vitest';
import { defaultAppConfig, validateAppConfig } from '../../src/config';
import type { DatasetConfig } from '../../src/config';

const hostile = 'url(https://evil.example.com/p.png)';

function withPaint(paint: Record<string, unknown>): DatasetConfig {
  const [earthquakes] = defaultAppConfig().datasets;
  return { ...earthquakes!, layer: { type: 'circle', paint, legendTitle: 'Magnitude' } };
}

describe('app config colours', () => {
  it('reports a colour that is not a CSS colour and falls back to the default for that property', () => {
    const { config, problems } = validateAppConfig({
      datasets: [
        withPaint({
          'circle-color': hostile,
          'circle-stroke-color': '#ffffff',
          'circle-radius': 4,
        }),
      ],
    });
    expect(config.datasets).toHaveLength(1);
    expect(config.datasets[0]?.layer?.paint).toEqual({
      'circle-stroke-color': '#ffffff',
      'circle-radius': 4,
    });
    expect(problems).toEqual([
      {
        path: 'datasets[0].layer.paint.circle-color',
        message: expect.stringMatching(
          /^"url\(https:\/\/evil\.example\.com\/p\.png\)" is not a colour: .*\(using the default circle-color\)$/,
        ),
      },
    ]);
  });

  it('checks every colour of a ramp, a step scale, categories, a case and the older stops form', () => {
    const { config, problems } = validateAppConfig({
      datasets: [
        withPaint({
          'circle-color': ['interpolate', ['linear'], ['get', 'mag'], 0, '#fde68a', 7, 'var(--x)'],
          'circle-stroke-color': ['step', ['get', 'mag'], 'red; x: y', 3, '#000'],
          'circle-opacity': 0.8,
        }),
        {
          ...withPaint({
            'circle-color': ['match', ['get', 'type'], 'quarry blast', '#00f', 'expression(1)'],
            'circle-stroke-color': ['case', ['>', ['get', 'mag'], 5], hostile, 'white'],
          }),
          id: 'second',
          table: 'second',
        },
        {
          ...withPaint({
            'circle-color': {
              property: 'mag',
              stops: [
                [0, '#fff'],
                [7, hostile],
              ],
            },
          }),
          id: 'third',
          table: 'third',
        },
      ],
    });
    expect(problems.map((problem) => problem.path)).toEqual([
      'datasets[0].layer.paint.circle-color[6]',
      'datasets[0].layer.paint.circle-stroke-color[2]',
      'datasets[1].layer.paint.circle-color[4]',
      'datasets[1].layer.paint.circle-stroke-color[2]',
      'datasets[2].layer.paint.circle-color.stops[1][1]',
    ]);
    expect(config.datasets.map((dataset) => dataset.layer?.paint)).toEqual([
      { 'circle-opacity': 0.8 },
      {},
      {},
    ]);
  });

  it('leaves property names, labels and data-driven colours alone', () => {
    const { problems } = validateAppConfig({
      datasets: [
        withPaint({
          'circle-color': [
            'match',
            ['get', 'url(x)'],
            ['quarry blast', 'explosion'],
            'rgb(0, 0, 255)',
            ['coalesce', ['get', 'colour'], 'hsl(0, 0%, 60%)'],
          ],
          'circle-stroke-color': ['to-color', ['get', 'stroke']],
        }),
      ],
    });
    expect(problems).toEqual([]);
  });
});

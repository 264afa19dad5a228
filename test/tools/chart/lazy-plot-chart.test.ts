// @vitest-environment jsdom
// A chart's figure holds a placeholder of the chart's size until Observable Plot has loaded.
import { describe, expect, it } from 'vitest';
import { chartHeight, drawChartWhenLoaded } from '../../../src/tools/chart/lazy-plot-chart';
import { plotClassName } from '../../../src/tools/chart/plot-chart';
import type { ChartSpec } from '../../../src/tools/chart/chart-spec';

const spec: ChartSpec = {
  kind: 'bar',
  resultId: 'r1',
  x: 'state',
  y: 'quakes',
  rows: [
    { state: 'AK', quakes: 40 },
    { state: 'CA', quakes: 25 },
  ],
};

describe('a chart drawn when Observable Plot has loaded', () => {
  it('reserves the chart’s size at once, then replaces the placeholder with the chart', async () => {
    const figure = document.createElement('figure');
    const drawn = drawChartWhenLoaded(figure, spec, 300);
    const placeholder = figure.querySelector<HTMLElement>('.mw-chart-placeholder');
    expect(placeholder?.style.width).toBe('300px');
    expect(placeholder?.style.height).toBe(`${chartHeight(300)}px`);
    await drawn;
    expect(figure.querySelector('.mw-chart-placeholder')).toBeNull();
    const svg = figure.querySelector('svg');
    expect(svg?.getAttribute('class')).toBe(plotClassName);
    expect(svg?.getAttribute('height')).toBe(String(chartHeight(300)));
  });
});

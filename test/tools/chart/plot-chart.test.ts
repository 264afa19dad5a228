// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { plotChart, plotClassName } from '../../../src/tools/chart/plot-chart';
import type { ChartSpec } from '../../../src/tools/chart/chart-spec';

const rows = [
  { state: 'AK', quakes: 40, kind: 'deep' },
  { state: 'CA', quakes: 25, kind: 'shallow' },
];

describe('plotChart under a Content-Security-Policy without inline styles', () => {
  it.each<ChartSpec>([
    { kind: 'bar', resultId: 'r1', x: 'state', y: 'quakes', rows },
    { kind: 'bar', resultId: 'r1', x: 'state', y: 'quakes', color: 'kind', rows },
    { kind: 'scatter', resultId: 'r1', x: 'state', y: 'quakes', rows },
  ])('draws a $kind chart (colour: $color) with no style element for the CSP to block', (spec) => {
    const chart = plotChart(spec, 300, document);
    expect(chart.querySelectorAll('style')).toHaveLength(0);
    const svg = chart.tagName.toLowerCase() === 'svg' ? chart : chart.querySelector(':scope > svg');
    expect(svg?.getAttribute('class')).toBe(plotClassName);
  });

  it('names its legend after the same class, so plot-chart.css styles it', () => {
    const chart = plotChart(
      { kind: 'bar', resultId: 'r1', x: 'state', y: 'quakes', color: 'kind', rows },
      300,
      document,
    );
    expect(chart.querySelector(`.${plotClassName}-swatches`)).not.toBeNull();
  });
});

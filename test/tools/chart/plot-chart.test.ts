// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { plotChartWithNotes, plotClassName } from '../../../src/tools/chart/plot-chart';
import { plotChart } from './drawn-chart';
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

describe('what a chart says', () => {
  const ranking = [
    { county: 'Los Angeles County, California', quakes: 90 },
    { county: 'Kern County, California', quakes: 40 },
    { county: 'Alameda County, California', quakes: 10 },
  ];

  it('names the chart on its svg, not on its groups, and keeps the ranking order', () => {
    const chart = plotChart(
      { kind: 'bar', resultId: 'r1', x: 'county', y: 'quakes', rows: ranking },
      380,
      document,
    );
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe('Bar chart of quakes by county');
    expect(chart.querySelectorAll('g[aria-label]')).toHaveLength(0);
    const labels = [...chart.querySelectorAll('text')]
      .map((text) => text.firstChild?.textContent ?? '')
      .filter((text) => text.includes('County'));
    expect(labels).toEqual([
      'Los Angeles County, Cal…',
      'Kern County, California',
      'Alameda County, Califor…',
    ]);
    const tooltips = [...chart.querySelectorAll('text > title')].map((title) => title.textContent);
    expect(tooltips).toContain('Los Angeles County, California');
  });

  it('reports rows it left out instead of a bare warning sign', () => {
    const drawn = plotChartWithNotes(
      {
        kind: 'line',
        resultId: 'r1',
        x: 'month',
        y: 'quakes',
        rows: [
          { month: '2001-01-01T00:00:00.000Z', quakes: 3 },
          { month: '2001-02-01T00:00:00.000Z', quakes: null },
          { month: '2001-03-01T00:00:00.000Z', quakes: 4 },
        ],
      },
      380,
      document,
    );
    expect(drawn.missing).toBe(1);
    expect(drawn.element.textContent).not.toContain('⚠');
    expect(drawn.element.textContent).toContain('Jan 2001');
    expect(drawn.element.textContent).not.toContain('T00:00');
    drawn.destroy();
  });
});

describe('the order of bars', () => {
  const rows = [
    { state: 'CA', quakes: 25 },
    { state: 'AK', quakes: 40 },
    { state: 'NV', quakes: 7 },
  ];
  const labels = (chart: Element): string[] =>
    [...chart.querySelectorAll('text')]
      .map((text) => text.textContent ?? '')
      .filter((text) => /^[A-Z]{2}$/.test(text));

  it('keeps the rows’ order, not the alphabet, unless the spec asks to sort by value', () => {
    const spec: ChartSpec = { kind: 'bar', resultId: 'r1', x: 'state', y: 'quakes', rows };
    expect(labels(plotChart(spec, 380, document))).toEqual(['CA', 'AK', 'NV']);
    expect(labels(plotChart({ ...spec, sort: 'descending' }, 380, document))).toEqual([
      'AK',
      'CA',
      'NV',
    ]);
    expect(labels(plotChart({ ...spec, sort: 'ascending' }, 380, document))).toEqual([
      'NV',
      'CA',
      'AK',
    ]);
  });
});

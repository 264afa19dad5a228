// @vitest-environment jsdom
// A daily line chart over seven months: month labels that neither touch nor run off the right edge.
import { describe, expect, it } from 'vitest';
import { plotChart } from './drawn-chart';

const rows = Array.from({ length: 212 }, (_unused, index) => ({
  day: new Date(Date.UTC(2001, 0, 1 + index)).toISOString().slice(0, 10),
  flights: 1000 + ((index * 37) % 200),
}));

function tickLabels(width: number): string[] {
  const chart = plotChart(
    { kind: 'line', resultId: 'r1', x: 'day', y: 'flights', rows },
    width,
    document,
  );
  // The x axis's tick labels: the texts that name a date (the y axis has numbers, the axis its name).
  return [...chart.querySelectorAll('text')]
    .map((text) => text.textContent ?? '')
    .filter((text) => /\d{4}/.test(text));
}

describe('a daily line chart', () => {
  it.each([300, 380, 640])('labels months, whole, with room between them at %i px', (width) => {
    const labels = tickLabels(width);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    // At most one month label ("Sep 2001") per 72 px of axis.
    expect(labels.length).toBeLessThanOrEqual(Math.floor((width - 70) / 72));
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2} 2001$/);
  });
});

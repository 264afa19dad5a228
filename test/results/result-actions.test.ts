import { describe, expect, it } from 'vitest';
import { guessChart, guessGeometry } from '../../src/results/result-actions';
import { fileSlug } from '../../src/ui/file-slug';
import type { TableData } from '../../src/results/result-data';

function table(rows: Record<string, unknown>[]): TableData {
  return { resultId: 'r1', columns: Object.keys(rows[0] ?? {}), rows, totalRows: rows.length };
}

describe('what the result buttons offer', () => {
  it('offers "Show on map" only for rows with lat/lon, shapes or H3 cells', () => {
    expect(guessGeometry(table([{ place: 'A', latitude: 61.2, longitude: -149.9 }]))).toEqual({
      kind: 'points',
      lon: 'longitude',
      lat: 'latitude',
    });
    expect(
      guessGeometry(table([{ name: 'x', geometry: { type: 'Point', coordinates: [0, 0] } }])),
    ).toEqual({ kind: 'shapes', column: 'geometry' });
    expect(guessGeometry(table([{ h3: '8928308280fffff', n: 3 }]))).toEqual({
      kind: 'h3',
      column: 'h3',
    });
    expect(guessGeometry(table([{ state: 'AK', quakes: 40 }]))).toBeUndefined();
  });

  it('charts dates as a line, categories as bars, two measures as a scatter, one as a histogram', () => {
    expect(guessChart(table([{ month: '2001-01-01T00:00:00.000Z', quakes: 3 }]))).toEqual({
      kind: 'line',
      x: 'month',
      y: 'quakes',
    });
    expect(guessChart(table([{ state: 'AK', quakes: 40 }]))).toEqual({
      kind: 'bar',
      x: 'state',
      y: 'quakes',
    });
    expect(guessChart(table([{ year: 2001, quakes: 40 }]))).toEqual({
      kind: 'line',
      x: 'year',
      y: 'quakes',
    });
    expect(guessChart(table([{ mag: 4.5, depth: 10 }]))).toEqual({
      kind: 'scatter',
      x: 'mag',
      y: 'depth',
    });
    expect(guessChart(table([{ mag: 4.5 }]))).toEqual({ kind: 'histogram', x: 'mag' });
    expect(guessChart(table([{ state: 'AK' }]))).toBeUndefined();
  });

  it('names files after the question', () => {
    expect(fileSlug('Which 10 counties had the most quakes in 2001?')).toBe(
      'which-10-counties-had-the-most-quakes-in-2001',
    );
    expect(fileSlug('Séismes à Zürich')).toBe('seismes-a-zurich');
    expect(fileSlug('???')).toBe('result');
    expect(fileSlug('x'.repeat(100)).length).toBe(60);
  });
});

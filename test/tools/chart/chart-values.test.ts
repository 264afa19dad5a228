import { describe, expect, it } from 'vitest';
import {
  chartValues,
  isIsoDateText,
  missingValuesNote,
  timeTicks,
} from '../../../src/tools/chart/chart-values';

describe('chart values made ready for Plot', () => {
  it('turns monthly ISO timestamps into dates with month ticks', () => {
    const values = chartValues({
      kind: 'line',
      resultId: 'r1',
      x: 'month',
      y: 'quakes',
      rows: [
        { month: '2001-01-01T00:00:00.000Z', quakes: 3 },
        { month: '2001-02-01T00:00:00.000Z', quakes: 5 },
      ],
    });
    expect(values.rows[0]?.month).toEqual(new Date(Date.UTC(2001, 0, 1)));
    expect(values.timeStep).toBe('month');
  });

  it('reads yearly dates, days, and leaves text that is no date alone', () => {
    const step = (dates: string[]) =>
      chartValues({
        kind: 'line',
        resultId: 'r1',
        x: 'at',
        y: 'n',
        rows: dates.map((at) => ({ at, n: 1 })),
      }).timeStep;
    expect(step(['2001-01-01', '2002-01-01'])).toBe('year');
    expect(step(['2001-01-05', '2001-01-06'])).toBe('day');
    expect(step(['2001-01-05 10:00:00', '2001-01-05 11:00:00'])).toBe('finer');
    expect(step(['AK', 'CA'])).toBeUndefined();
    expect(isIsoDateText('2001-13-45')).toBe(false);
  });

  it('leaves out rows without a value and says how many, in words', () => {
    const values = chartValues({
      kind: 'bar',
      resultId: 'r1',
      x: 'state',
      y: 'rate',
      rows: [
        { state: 'AK', rate: 0.5 },
        { state: 'CA', rate: null },
        { state: null, rate: 2 },
        { state: 'TX', rate: 7n },
      ],
    });
    expect(values.rows).toEqual([
      { state: 'AK', rate: 0.5 },
      { state: 'TX', rate: 7 },
    ]);
    expect(values.missing).toBe(2);
    expect(missingValuesNote(2)).toBe('2 rows without a value were left out.');
    expect(missingValuesNote(0)).toBeUndefined();
  });

  it('spaces month ticks so that labels like "Sep 2001" fit', () => {
    const months = (count: number) =>
      Array.from({ length: count }, (_unused, index) => new Date(Date.UTC(2001, index, 1)));
    expect(timeTicks(months(24), 'month', 4)).toEqual({ interval: '6 months', format: '%b %Y' });
    expect(timeTicks(months(12), 'month', 5).interval).toBe('3 months');
    expect(timeTicks(months(4), 'month', 5).interval).toBe('month');
    expect(timeTicks(months(120), 'year', 4)).toEqual({ interval: '5 years', format: '%Y' });
    expect(timeTicks(months(3), 'finer', 4)).toEqual({});
  });

  it('ticks daily data over months by month, labelled by month, never one label per day', () => {
    // 1 January to 31 July 2001, every day: the chart that showed touching labels and "Jul 200".
    const days = Array.from(
      { length: 212 },
      (_unused, index) => new Date(Date.UTC(2001, 0, 1 + index)),
    );
    expect(timeTicks(days, 'day', 7)).toEqual({ interval: 'month', format: '%b %Y' });
    expect(timeTicks(days, 'day', 6)).toEqual({ interval: '2 months', format: '%b %Y' });
    expect(timeTicks(days, 'day', 3)).toEqual({ interval: '3 months', format: '%b %Y' });
    // Three weeks of days: ticked by days or weeks, with the day in the label.
    expect(timeTicks(days.slice(0, 21), 'day', 6)).toEqual({
      interval: 'week',
      format: '%-d %b %Y',
    });
    expect(timeTicks(days.slice(0, 8), 'day', 6)).toEqual({
      interval: '2 days',
      format: '%-d %b %Y',
    });
  });
});

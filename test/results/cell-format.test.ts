import { describe, expect, it } from 'vitest';
import { formatCell, isIdentifierColumn } from '../../src/results/cell-format';
import { toCsv, toTsv } from '../../src/results/result-data';

describe('cells as a person reads them', () => {
  it('groups whole numbers by the locale, and leaves years and ids as written', () => {
    expect(formatCell(1234567, 'population', 'en-US')).toBe('1,234,567');
    expect(formatCell(1234567, 'population', 'de-DE')).toBe('1.234.567');
    expect(formatCell(12345678901234567890n, 'bytes', 'en-US')).toBe('12,345,678,901,234,567,890');
    expect(formatCell(2001, 'year', 'en-US')).toBe('2001');
    expect(formatCell(60037, 'county_fips', 'en-US')).toBe('60037');
    expect(isIdentifierColumn('station_id')).toBe(true);
    expect(isIdentifierColumn('yearly_total')).toBe(false);
  });

  it('rounds fractions to six significant digits with the locale’s decimal mark', () => {
    expect(formatCell(16.777546777546778, 'avg_delay', 'en-US')).toBe('16.7775');
    expect(formatCell(1234.56789, 'avg', 'fr-FR')).toMatch(/^1\s234,57$/);
  });

  it('reads ISO timestamps and dates as dates, in UTC', () => {
    expect(formatCell('2001-01-01T00:01:00.000Z', 'time', 'en-US')).toBe('Jan 1, 2001, 00:01 UTC');
    expect(formatCell('2024-03-05', 'day', 'en-GB')).toBe('5 Mar 2024');
    expect(formatCell('2024-03-05 12:30:15', 'at', 'en-US')).toBe('Mar 5, 2024, 12:30:15 UTC');
    expect(formatCell('not 2024-03-05', 'note', 'en-US')).toBe('not 2024-03-05');
  });

  it('keeps the raw values in the CSV and in copied rows', () => {
    expect(
      toTsv(['time', 'note'], [{ time: '2001-01-01T00:01:00.000Z', note: 'two\tcells\nlong' }]),
    ).toBe('2001-01-01T00:01:00.000Z\ttwo cells long');
    const csv = toCsv({
      columns: ['time', 'people'],
      rows: [{ time: '2001-01-01T00:01:00.000Z', people: 1234567 }],
      totalRows: 1,
    });
    expect(csv).toBe('time,people\r\n2001-01-01T00:01:00.000Z,1234567\r\n');
  });
});

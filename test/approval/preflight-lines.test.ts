// The pre-flight's row line: a join's estimate reads as DuckDB's, not as a bound or as "unknown".
import { describe, expect, it } from 'vitest';
import { preflightLines, rowEstimateText } from '../../src/approval/preflight-lines';

describe('the pre-flight lines', () => {
  it('say each kind of estimate in words', () => {
    expect(rowEstimateText({ bound: 'exactly', count: 1, unit: 'row' })).toBe('1 row');
    expect(rowEstimateText({ bound: 'up to', count: 10, unit: 'row' })).toBe('up to 10 rows');
    expect(rowEstimateText({ bound: 'estimated', count: 12_345, unit: 'row' })).toBe(
      'about 12,345 rows (DuckDB’s estimate)',
    );
    expect(rowEstimateText({ bound: 'unknown' })).toBe('unknown');
  });

  it('show a join’s estimate on the Rows line', () => {
    const lines = preflightLines({
      parses: true,
      columns: [{ name: 'iata', type: 'VARCHAR' }],
      rows: { bound: 'estimated', count: 2_900, unit: 'row' },
    });
    expect(lines[0]).toEqual({
      className: 'mw-preflight-rows',
      text: 'Rows: about 2,900 rows (DuckDB’s estimate)',
    });
  });
});
